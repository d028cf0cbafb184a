export function AppUnauthorizedPage() {
  return <div>AppUnauthorizedPage</div>;
}
