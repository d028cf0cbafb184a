import type { HistoryConversationFieldsFragment } from '../graphql/history.generated';
import { timeFromNow } from '../../connectors/format-time';

type Conversation = Pick<HistoryConversationFieldsFragment, 'id' | 'botId'>;

/** Where a conversation is picked up: the bot's page for a bot's, Home for the workspace's. */
export function resumePath({ id, botId }: Conversation): string {
  const conversation = `conversation=${encodeURIComponent(id)}`;
  return botId
    ? `/app/bots/${encodeURIComponent(botId)}?${conversation}`
    : `/app/dashboard?${conversation}`;
}

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const fullFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'full', timeStyle: 'short' });
const WEEK_MS = 7 * 86_400_000;

/** This week's conversations read best as "3 hours ago", older ones as their date. */
export function formatUpdated(iso: string, now = Date.now()): string {
  const time = new Date(iso).getTime();
  if (Number.isNaN(time)) return '';
  return now - time < WEEK_MS ? timeFromNow(iso, now) : dateFormat.format(time);
}

/** The exact time, for a tooltip. */
export function formatFull(iso: string): string {
  const time = new Date(iso).getTime();
  return Number.isNaN(time) ? '' : fullFormat.format(time);
}

export const questionCount = (n: number) => `${n} ${n === 1 ? 'question' : 'questions'}`;

/** The server's limit on a conversation's name. */
export const TITLE_MAX = 120;
