/**
 * Atlassian Document Format (Jira Cloud REST v3 descriptions and comments) as plain text, the
 * same shape storageToText gives Confluence pages: blocks apart by a blank line, list items and
 * table rows one a line, cells separated by " | ", mentions, emoji, dates and links as text.
 * Payloads come from outside: unknown or malformed nodes are walked or skipped, never thrown on.
 */
export function adfToText(node: unknown): string {
  // Some older payloads (and Jira Server) carry the text itself.
  if (typeof node === 'string') return node.trim();
  if (!isNode(node)) return '';
  try {
    return tidy(render(node));
  } catch (e) {
    // Only absurd nesting can get here (stack overflow): there is nothing sensible to index.
    if (e instanceof RangeError) return '';
    throw e;
  }
}

interface AdfNode {
  type?: unknown;
  text?: unknown;
  attrs?: unknown;
  content?: unknown;
}

const isNode = (value: unknown): value is AdfNode => !!value && typeof value === 'object';
const kids = (node: AdfNode) => (Array.isArray(node.content) ? node.content.filter(isNode) : []);
const attrs = (node: AdfNode) =>
  isNode(node.attrs) ? (node.attrs as Record<string, unknown>) : {};
const str = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : '';

/** Nodes that sit inside a line; runs of them in a list item or cell stay together. */
const INLINE = new Set([
  'text',
  'hardBreak',
  'mention',
  'emoji',
  'inlineCard',
  'date',
  'status',
  'mediaInline',
  'placeholder',
  'inlineExtension',
]);
const LISTS = new Set(['bulletList', 'orderedList', 'taskList', 'decisionList']);

function render(node: AdfNode): string {
  const a = attrs(node);
  switch (node.type) {
    case 'text':
      return str(node.text);
    case 'hardBreak':
      return '\n';
    case 'mention':
      return str(a.text) || '@user';
    case 'emoji':
      return str(a.text) || str(a.shortName);
    case 'status':
      return str(a.text);
    case 'inlineCard':
    case 'blockCard':
    case 'embedCard':
      return str(a.url);
    case 'date':
      return date(a.timestamp);
    case 'media':
    case 'mediaInline': {
      const name = str(a.alt) || str(a.filename) || str(a.name);
      return name ? `[attachment: ${name}]` : '[attachment]';
    }
    case 'paragraph':
    case 'heading':
    case 'codeBlock':
      return kids(node).map(render).join('');
    case 'mediaGroup':
      return kids(node).map(render).join('\n');
    case 'bulletList':
    case 'decisionList':
      return list(node, () => '- ');
    case 'orderedList': {
      const start = Math.trunc(Number(a.order)) || 1;
      return list(node, (i) => `${start + i}. `);
    }
    case 'taskList':
      return list(node, (_, item) => (attrs(item).state === 'DONE' ? '- [x] ' : '- [ ] '));
    case 'table':
      return kids(node)
        .map((row) => kids(row).map((cell) => blocks(kids(cell)).replace(/\s+/g, ' ').trim()))
        .filter((cells) => cells.some(Boolean))
        .map((cells) => cells.join(' | ').replace(/ {2,}/g, ' ').trim())
        .join('\n');
    case 'expand':
    case 'nestedExpand':
      return [str(a.title), blocks(kids(node))].filter(Boolean).join('\n\n');
    case 'rule':
      return '';
    default:
      // doc, blockquote, panel, mediaSingle, list items, cells, layouts and anything new.
      return blocks(kids(node));
  }
}

/** Block nodes apart by a blank line; runs of inline nodes joined as one line. */
function blocks(nodes: AdfNode[]): string {
  const parts: string[] = [];
  let line = '';
  for (const node of nodes) {
    if (INLINE.has(node.type as string)) {
      line += render(node);
      continue;
    }
    parts.push(line, render(node));
    line = '';
  }
  parts.push(line);
  return parts.filter((part) => part.trim()).join('\n\n');
}

/** One item a line, continuation lines under the item's text; a nested list indented. */
function list(node: AdfNode, prefix: (index: number, item: AdfNode) => string): string {
  let index = 0;
  return kids(node)
    .map((item) => {
      // A nested task list is a sibling of the task items, not inside one.
      const [mark, text] = LISTS.has(item.type as string)
        ? ['  ', render(item)]
        : [prefix(index++, item), blocks(kids(item))];
      const lines = text.split('\n').filter((line) => line.trim());
      return lines.map((line, i) => (i ? ' '.repeat(mark.length) : mark) + line).join('\n');
    })
    .filter(Boolean)
    .join('\n');
}

/** Jira sends the picked day as epoch milliseconds (a string) at UTC midnight. */
function date(timestamp: unknown): string {
  if (!str(timestamp)) return '';
  const when = new Date(Number(timestamp));
  return Number.isNaN(when.getTime()) ? '' : when.toISOString().slice(0, 10);
}

/** As storageToText: trailing spaces off, at most one blank line in a row, indentation kept. */
function tidy(text: string): string {
  return (
    text
      .replace(/\r\n?/g, '\n')
      .replace(/[\u00a0\u202f]/g, ' ')
      // eslint-disable-next-line no-control-regex -- control characters are noise in an index
      .replace(/[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]/g, '')
      .replace(/[ \t]+$/gm, '')
      .replace(/\n{3,}/g, '\n\n')
      .trim()
  );
}
