/** The report periods offered, in days (the same as a bot's report). */
export const FEEDBACK_PERIODS = ['7', '30', '90'] as const;

export { reasonLabel } from '../conversations/feedback-reasons';

/** A down-vote rate (0–1, null without votes) as "12%", or a dash. */
export function formatRate(rate: number | null | undefined): string {
  if (rate === null || rate === undefined || !Number.isFinite(rate)) return '—';
  return `${Math.round(rate * 100)}%`;
}

/**
 * How many day labels the chart skips between two it draws (recharts' `interval`): a week shows
 * every day, longer periods about seven labels, so "Mar 10" labels never run into each other.
 */
export function tickInterval(points: number, maxLabels = 7): number {
  return Math.max(0, Math.ceil(points / maxLabels) - 1);
}

const dayFormat = new Intl.DateTimeFormat(undefined, {
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});
const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** A report day (YYYY-MM-DD, UTC) as a short axis label: "Mar 1". */
export function formatReportDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : dayFormat.format(date);
}

/** "Mar 1, 2024", or nothing for an unreadable date. */
export function formatVoteDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateFormat.format(date);
}

export const countLabel = (n: number, word: string, many = `${word}s`) =>
  `${n} ${n === 1 ? word : many}`;

/**
 * When a question was last asked: this week's as "3 hours ago", older ones as their date (the
 * same reading as the conversation history), with the exact time for a tooltip.
 */
export {
  formatUpdated as formatLastAsked,
  formatFull as formatExactTime,
} from '../conversations/history/history-format';

const ORIGIN_LABELS: Record<string, string> = { web: 'Web', slack: 'Slack', api: 'API' };

/** "Web 40 · Slack 12 · API 3": where the period's questions were asked, most first. */
export function formatOrigins(
  origins: readonly { origin: string; answers: number }[],
): string | undefined {
  if (origins.length === 0) return undefined;
  return origins.map((o) => `${ORIGIN_LABELS[o.origin] ?? o.origin} ${o.answers}`).join(' · ');
}
