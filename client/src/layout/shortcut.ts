/** Apple keyboards say ⌘, everyone else Ctrl; the spec's label for the shortcut is Cmd+K. */
export function isApplePlatform(): boolean {
  if (typeof navigator === 'undefined') return false;
  return /Mac|iPhone|iPad|iPod/i.test(navigator.platform || navigator.userAgent);
}

export const SEARCH_SHORTCUT_HINT = 'Cmd+K (Ctrl+K on Windows and Linux)';

export function searchShortcutLabel(): string {
  return isApplePlatform() ? '⌘K' : 'Ctrl+K';
}
