import type { SessionUser } from '../modules/auth/session-store';

type NamedUser = Pick<SessionUser, 'email' | 'firstName' | 'lastName'>;

/** "Ada Lovelace", or the email when the account has no name. */
export function displayName(user: NamedUser | null | undefined): string {
  if (!user) return '';
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ').trim();
  return name || user.email || '';
}

/** "AL" from the name, else the email's first letter, else "?". */
export function initials(user: NamedUser | null | undefined): string {
  if (!user) return '?';
  const fromName = [user.firstName, user.lastName]
    .map((part) => part?.trim().charAt(0) ?? '')
    .join('');
  if (fromName) return fromName.toUpperCase();
  return user.email?.trim().charAt(0).toUpperCase() || '?';
}
