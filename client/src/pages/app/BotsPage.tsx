export function BotsPage() {
  return <div>BotsPage</div>;
}
