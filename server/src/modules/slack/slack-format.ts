/**
 * Lumen's answers are Markdown with numbered citations; Slack reads its own "mrkdwn". These turn
 * one into the other and cut long text to Slack's limits without losing any of it.
 */

/** Slack's limit on a section's text. */
export const SECTION_CHARS = 3000;

/** `&`, `<` and `>` are Slack's control characters: escaped in anything not ours. */
export function escapeMrkdwn(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** A link Slack shows (`<url|label>`); the label cannot hold `|` or `>`. */
export function slackLink(url: string, label: string): string {
  const safeUrl = url.replace(/[<>|\s]/g, encodeURIComponent);
  return `<${safeUrl}|${escapeMrkdwn(label).replace(/\|/g, '¦')}>`;
}

/**
 * Markdown → mrkdwn: links, bold, italics, headings, bullets and numbered citations `[1]`
 * (linked to their source when it has one). Code spans and blocks are kept as they are.
 */
export function toMrkdwn(markdown: string, citationUrl: (n: number) => string | null): string {
  // Code is kept apart so nothing inside it is rewritten.
  const kept: string[] = [];
  const keep = (s: string) => `\uE000${kept.push(s) - 1}\uE000`;
  let text = markdown
    .replace(/[\uE000\uE001]/g, '')
    .replace(/```[\s\S]*?```|`[^`\n]+`/g, (code) => keep(escapeMrkdwn(code)));
  text = escapeMrkdwn(text);
  text = text.replace(/\[([^\]\n]+)\]\((https?:\/\/[^)\s]+)\)/g, (_m, label: string, url: string) =>
    keep(slackLink(url, unescape(label))),
  );
  text = text.replace(/\[(\d+(?:\s*,\s*\d+)*)\]/g, (whole, list: string) => {
    const numbers = list.split(',').map((n) => Number(n.trim()));
    return numbers
      .map((n) => {
        const url = citationUrl(n);
        return url ? keep(slackLink(url, `[${n}]`)) : `[${n}]`;
      })
      .join('');
  });
  text = text
    .replace(/^#{1,6}\s+(.+?)\s*#*$/gm, (_m, h: string) => `\uE001${h.replace(/\*/g, '')}\uE001`)
    .replace(/^(\s*)[-*+]\s+/gm, '$1• ')
    .replace(/\*\*(.+?)\*\*|__(.+?)__/g, (_m, a?: string, b?: string) => `\uE001${a ?? b}\uE001`)
    .replace(/(^|[^\w*])\*(?!\s)([^*\n]+?)\*(?!\w)/g, '$1_$2_')
    .replace(/\uE001/g, '*');
  return text.replace(/\uE000(\d+)\uE000/g, (_m, i: string) => kept[Number(i)]);
}

function unescape(s: string): string {
  return s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}

/**
 * Cuts text into pieces of at most `max` characters: at paragraph breaks, else line breaks,
 * else spaces, never inside a Slack link `<…>`; a single longer word is cut where it must be.
 * Joining the pieces with the breaks they were cut at gives the text back.
 */
export function splitText(text: string, max = SECTION_CHARS): string[] {
  const pieces: string[] = [];
  let rest = text.trim();
  while (rest.length > max) {
    const cut = cutPoint(rest, max);
    pieces.push(rest.slice(0, cut).trimEnd());
    rest = rest.slice(cut).trimStart();
  }
  if (rest) pieces.push(rest);
  return pieces;
}

function cutPoint(text: string, max: number): number {
  const head = text.slice(0, max + 1);
  const insideLink = (i: number) => {
    const open = text.lastIndexOf('<', i - 1);
    return open !== -1 && text.indexOf('>', open) >= i;
  };
  for (const breaker of ['\n\n', '\n', ' ']) {
    for (let i = head.lastIndexOf(breaker); i > 0; i = head.lastIndexOf(breaker, i - 1)) {
      if (i <= max && !insideLink(i)) return i;
    }
  }
  return max;
}
