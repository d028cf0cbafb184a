export function UnauthorizedPage() {
  return <div>UnauthorizedPage</div>;
}
