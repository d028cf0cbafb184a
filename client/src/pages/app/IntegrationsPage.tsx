export function IntegrationsPage() {
  return <div>IntegrationsPage</div>;
}
