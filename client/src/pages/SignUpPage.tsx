export function SignUpPage() {
  return <div>SignUpPage</div>;
}
