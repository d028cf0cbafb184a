export function BotDetailPage() {
  return <div>BotDetailPage</div>;
}
