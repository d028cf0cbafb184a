const relative = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
const clock = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' });
const day = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** "5 minutes ago", "in 25 minutes", "now". */
export function timeFromNow(iso: string, now = Date.now()): string {
  const diff = new Date(iso).getTime() - now;
  for (const [unit, ms] of UNITS)
    if (Math.abs(diff) >= ms) return relative.format(Math.round(diff / ms), unit);
  return diff < 0 ? 'just now' : 'in a moment';
}

/** A time today as "14:05", another day with its date. */
export function clockTime(iso: string, now = new Date()): string {
  const date = new Date(iso);
  return date.toDateString() === now.toDateString() ? clock.format(date) : day.format(date);
}
