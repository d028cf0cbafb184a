import type { AskResult } from '../search/ask.service.js';
import { escapeMrkdwn, slackLink, splitText, toMrkdwn } from './slack-format.js';

/** Slack's limit on blocks per message. */
export const MAX_BLOCKS = 50;
/** The action ids of the feedback buttons (the value is the answer's turn id). */
export const FEEDBACK_UP = 'lumen_feedback_up';
export const FEEDBACK_DOWN = 'lumen_feedback_down';
/** The related passages listed under a not-found answer. */
const RELATED_LISTED = 3;

export type Block = Record<string, unknown>;
export interface SlackMessage {
  /** The notification and screen-reader text. */
  text: string;
  blocks: Block[];
}

const TOOL_NAMES: Record<string, string> = {
  file_upload: 'File',
  confluence: 'Confluence',
  jira: 'Jira',
  google_docs: 'Google Drive',
  github: 'GitHub',
};

/** A source's link: a file's in-app viewer is a path, made absolute with PUBLIC_URL. */
export function absoluteUrl(url: string, publicUrl: string): string {
  return url.startsWith('/') ? `${publicUrl}${url}` : url;
}

const section = (text: string): Block => ({ type: 'section', text: { type: 'mrkdwn', text } });
const context = (text: string): Block => ({
  type: 'context',
  elements: [{ type: 'mrkdwn', text }],
});

/**
 * An answer as Slack messages: the answer in sections of at most 3000 characters, its sources
 * (number, linked title, tool), notes (why the answer is extractive, how to join), and 👍 / 👎
 * for its turn; at most 50 blocks per message, the buttons in the last one.
 */
export function answerMessages(
  result: Pick<AskResult, 'answer' | 'found' | 'sources' | 'related' | 'notice' | 'turnId'>,
  publicUrl: string,
  notes: string[] = [],
): SlackMessage[] {
  const urls = new Map(result.sources.map((s) => [s.number, absoluteUrl(s.url, publicUrl)]));
  const body = toMrkdwn(result.answer, (n) => urls.get(n) ?? null);
  const blocks: Block[] = splitText(body).map(section);
  const listed = result.found ? result.sources : result.related.slice(0, RELATED_LISTED);
  if (listed.length > 0) {
    blocks.push(section(result.found ? '*Sources*' : '*Might be related*'));
    for (const s of listed) {
      const tool = TOOL_NAMES[s.sourceKind] ?? s.sourceKind;
      const where = [s.sourceName, s.locationLabel].filter(Boolean).map((x) => escapeMrkdwn(x!));
      const line = `*[${s.number}]* ${slackLink(absoluteUrl(s.url, publicUrl), s.title)} · ${tool}${
        where.length ? ` · ${where.join(' · ')}` : ''
      }`;
      blocks.push(context(line.slice(0, 2900)));
    }
  }
  if (result.notice) blocks.push(context(`_${escapeMrkdwn(result.notice)}_`));
  for (const note of notes) blocks.push(context(note));
  if (result.turnId) {
    blocks.push({
      type: 'actions',
      block_id: 'lumen_feedback',
      elements: [
        button(FEEDBACK_UP, '👍 Helpful', result.turnId),
        button(FEEDBACK_DOWN, '👎 Not helpful', result.turnId),
      ],
    });
  }
  const text = result.answer.length > 300 ? `${result.answer.slice(0, 299)}…` : result.answer;
  const messages: SlackMessage[] = [];
  for (let i = 0; i < blocks.length; i += MAX_BLOCKS) {
    messages.push({ text, blocks: blocks.slice(i, i + MAX_BLOCKS) });
  }
  return messages;
}

function button(actionId: string, label: string, value: string): Block {
  return { type: 'button', action_id: actionId, text: { type: 'plain_text', text: label }, value };
}

/** A short message (a refusal, a hint) as one section. */
export function noteMessage(text: string): SlackMessage {
  return { text, blocks: [section(escapeMrkdwn(text))] };
}
