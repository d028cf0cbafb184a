import type { BotQuery } from '../graphql/bots.generated';

export type BotNode = BotQuery['bot'];
export type BotSourceNode = BotQuery['botSources'][number];

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const dayFormat = new Intl.DateTimeFormat(undefined, {
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});

const valid = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
};

/** "Mar 1, 2024". */
export function formatDate(iso: string): string {
  const date = valid(iso);
  return date ? dateFormat.format(date) : '';
}

/** "Mar 1, 2024, 12:00 PM". */
export function formatDateTime(iso: string): string {
  const date = valid(iso);
  return date ? timeFormat.format(date) : '';
}

/** A report day (YYYY-MM-DD, UTC) as a short axis label: "Mar 1". */
export function formatDay(day: string): string {
  const date = valid(`${day}T00:00:00Z`);
  return date ? dayFormat.format(date) : day;
}

/** "850 ms", "1.2 s". */
export function formatLatency(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '—';
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}

/** The start of a long text, cut at a word, with an ellipsis. */
export function excerpt(text: string, max = 140): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

export const plural = (n: number, word: string, many = `${word}s`) =>
  `${n} ${n === 1 ? word : many}`;

/** Documents behind the attached sources (a whole source counts its indexed documents). */
export const documentTotal = (sources: readonly BotSourceNode[]) =>
  sources.reduce((sum, s) => sum + s.documentCount, 0);

/** Whether a link leaves the app (answers normally cite in-app document paths). */
export const isExternalUrl = (url: string) => /^https?:\/\//i.test(url);
