import { isIP } from 'node:net';
import { domainToASCII } from 'node:url';

/** Lower-cased, `@` and trailing dots dropped, international names in their ASCII form. */
export function normalizeDomain(raw: string): string | null {
  const trimmed = raw.trim().toLowerCase().replace(/^@/, '').replace(/\.+$/, '');
  if (!trimmed || trimmed.length > 253) return null;
  const ascii = domainToASCII(trimmed);
  if (!ascii || isIP(ascii) || !ascii.includes('.')) return null;
  const labels = ascii.split('.');
  const ok = labels.every((l) => /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(l));
  return ok && /[a-z]/.test(labels[labels.length - 1]!) ? ascii : null;
}

/** The email's domain, or null when it is not an address. */
export function emailDomain(email: string): string | null {
  const at = email.lastIndexOf('@');
  if (at < 1) return null;
  return normalizeDomain(email.slice(at + 1));
}
