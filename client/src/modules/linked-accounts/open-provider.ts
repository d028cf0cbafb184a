/** Leaves Lumen for the provider's authorize page (its own module so tests can stand in for it). */
export function openProvider(url: string): void {
  window.location.assign(url);
}
