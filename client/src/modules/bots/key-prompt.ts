/**
 * The bots page's prompt for an AI provider key (the modal that opens by itself and the notice
 * above the list). Closing the modal stops it opening again for the browser session; "Later"
 * also hides the notice. Remembered per person, so someone else signing in here is still asked.
 */
const PREFIX = 'lumen.bots.keyPrompt';

export type KeyPromptState = 'ask' | 'closed' | 'later';

const keyFor = (userId: string | null | undefined) => `${PREFIX}:${userId ?? 'anonymous'}`;

export function keyPromptState(userId: string | null | undefined): KeyPromptState {
  try {
    const value = sessionStorage.getItem(keyFor(userId));
    return value === 'later' || value === 'closed' ? value : 'ask';
  } catch {
    return 'ask';
  }
}

export function setKeyPromptState(userId: string | null | undefined, state: 'closed' | 'later') {
  try {
    // "Later" outranks a mere close: the notice stays hidden.
    if (state === 'closed' && keyPromptState(userId) === 'later') return;
    sessionStorage.setItem(keyFor(userId), state);
  } catch {
    // Storage may be off: the prompt then returns on the next visit, which is harmless.
  }
}
