/** Loads the app afresh at `path`, nothing kept in memory (its own module so tests can stand in). */
export function reloadApp(path: string): void {
  window.location.assign(path);
}
