export function ConnectorsPage() {
  return <div>ConnectorsPage</div>;
}
