export function SignInPage() {
  return <div>SignInPage</div>;
}
