export function ResetPasswordPage() {
  return <div>ResetPasswordPage</div>;
}
