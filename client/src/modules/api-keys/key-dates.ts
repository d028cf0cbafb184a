import { timeFromNow } from '../connectors/format-time';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const WEEK_MS = 7 * 86_400_000;

/** "Mar 1, 2024" in English. */
export const formatKeyDate = (iso: string) => dateFormat.format(new Date(iso));

/** A key past its expiry no longer works, though the server still lists it until revoked. */
export const isExpired = (expiresAt: string | null, now = Date.now()) =>
  expiresAt !== null && new Date(expiresAt).getTime() <= now;

/** Recent use reads best as "5 minutes ago"; older use as its date. */
export function formatLastUsed(iso: string, now = Date.now()): string {
  return now - new Date(iso).getTime() < WEEK_MS ? timeFromNow(iso, now) : formatKeyDate(iso);
}

/** The expiry choices of the create dialog; the value is the days, or 'never'. */
export const EXPIRY_OPTIONS = [
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: '365', label: '1 year' },
  { value: 'never', label: 'Never' },
];
export const DEFAULT_EXPIRY = '90';

export const expiresInDays = (choice: string): number | null =>
  choice === 'never' ? null : Number(choice);
