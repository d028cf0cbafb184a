/**
 * A forced password change (sign-in answered with a session instead of a token) carries the
 * challenge session and the email to /reset-password in session storage, so it survives a
 * reload of that page but not the tab.
 */
export const CHALLENGE_KEYS = { session: 'auth_session', email: 'auth_email' } as const;

export interface PasswordChallenge {
  session: string;
  email: string;
}

export function savePasswordChallenge({ session, email }: PasswordChallenge) {
  sessionStorage.setItem(CHALLENGE_KEYS.session, session);
  sessionStorage.setItem(CHALLENGE_KEYS.email, email);
}

/** The stored challenge, or null when there is none (expired, another tab, or never started). */
export function readPasswordChallenge(): PasswordChallenge | null {
  const session = sessionStorage.getItem(CHALLENGE_KEYS.session);
  if (!session) return null;
  return { session, email: sessionStorage.getItem(CHALLENGE_KEYS.email) ?? '' };
}

export function clearPasswordChallenge() {
  sessionStorage.removeItem(CHALLENGE_KEYS.session);
  sessionStorage.removeItem(CHALLENGE_KEYS.email);
}
