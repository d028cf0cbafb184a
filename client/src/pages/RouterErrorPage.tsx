export function RouterErrorPage() {
  return <div>RouterErrorPage</div>;
}
