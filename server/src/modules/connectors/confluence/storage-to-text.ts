import { compile, type DomNode, type FormatCallback } from 'html-to-text';
import { formatTable } from '../../../shared/html-table.js';

/**
 * Confluence Cloud "storage format" (XHTML with `ac:`/`ri:` elements and CDATA sections) as
 * plain text for indexing and quoting: headings and paragraphs as blocks, lists as "- " and
 * "1. " lines, code verbatim, table rows one a line with cells separated by " | ". Macro
 * parameters are settings and are left out; macro bodies are content and are kept.
 */
export function storageToText(storage: string): string {
  if (typeof storage !== 'string' || !storage.trim()) return '';
  return tidy(convert(toHtml(storage)));
}

/** htmlparser2 reads HTML, not XML: it drops CDATA and treats `<x/>` as an unclosed `<x>`. */
function toHtml(storage: string): string {
  return (
    storage
      // An unterminated section runs to the end rather than losing the text.
      .replace(/<!\[CDATA\[([\s\S]*?)(?:\]\]>|$)/g, (_, text: string) => escapeHtml(text))
      // `<ac:emoticon/> text` would otherwise put the text inside the (skipped) emoticon.
      .replace(SELF_CLOSING, (tag, name: string, attrs: string) =>
        VOID.has(name.toLowerCase()) ? tag : `<${name}${attrs}></${name}>`,
      )
  );
}

// Attributes may hold quoted "/" or ">"; "<" never appears inside a tag, which keeps this linear.
const SELF_CLOSING = /<([a-zA-Z][\w:.-]*)((?:[^<>"']|"[^"<]*"|'[^'<]*')*)\/>/g;
const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'source', 'wbr']);

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const child = (elem: DomNode, name: string) => elem.children?.find((c) => c.name === name);
const attr = (elem: DomNode | undefined, name: string): string | undefined =>
  elem?.attribs?.[name] || undefined;
const hasContent = (elem: DomNode) =>
  elem.children?.some((c) => c.type === 'tag' || c.data?.trim()) ?? false;

/** A link reads as its own text; without one, as the page or file it points at. */
const formatLink: FormatCallback = (elem, walk, builder) => {
  const body = child(elem, 'ac:plain-text-link-body') ?? child(elem, 'ac:link-body');
  if (body && hasContent(body)) return walk(body.children, builder);
  const target = elem.children?.find((c) => c.name?.startsWith('ri:'));
  const name =
    attr(target, 'ri:content-title') ??
    attr(target, 'ri:filename') ??
    attr(target, 'ri:space-key') ??
    attr(elem, 'ac:anchor');
  // The storage format has only the account id: the person's name is unknown here.
  if (name || target?.name === 'ri:user') builder.addInline(name ?? '@user');
};

const formatImage: FormatCallback = (elem, walk, builder) => {
  const url = attr(child(elem, 'ri:url'), 'ri:value');
  const name =
    attr(child(elem, 'ri:attachment'), 'ri:filename') ??
    (url && fileName(url)) ??
    attr(elem, 'ac:alt');
  if (name) builder.addInline(`[image: ${name}]`);
  const caption = child(elem, 'ac:caption');
  if (caption) {
    builder.addInline(' ');
    walk(caption.children, builder);
  }
};

/** The last path segment of an image URL, decoded when it can be. */
function fileName(url: string): string | undefined {
  const last = url.split(/[?#]/)[0]!.split('/').pop();
  if (!last) return undefined;
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

/** Newer Cloud content (decisions, some panels) carries an HTML fallback: the readable form. */
const formatAdfExtension: FormatCallback = (elem, walk, builder) =>
  walk((child(elem, 'ac:adf-fallback') ?? elem).children, builder);

/** `<time datetime="2024-05-01"/>` is a date picked in the editor. */
const formatTime: FormatCallback = (elem, walk, builder) => {
  if (hasContent(elem)) walk(elem.children, builder);
  else if (attr(elem, 'datetime')) builder.addInline(attr(elem, 'datetime')!);
};

/** A list of `{ node, prefix }` items; nested lists sit one line from their parent item. */
function formatItems(
  items: (elem: DomNode) => { node: DomNode; prefix: string }[],
): FormatCallback {
  return (elem, walk, builder) => {
    const list = items(elem);
    if (!list.length) return;
    const nested = elem.parent?.name === 'li' || elem.parent?.name === 'ac:task-body';
    builder.openList({
      interRowLineBreaks: 1,
      leadingLineBreaks: nested ? 1 : 2,
      maxPrefixLength: Math.max(...list.map((item) => item.prefix.length)),
      prefixAlign: 'left',
    });
    for (const { node, prefix } of list) {
      builder.openListItem({ prefix });
      walk(node.children, builder);
      builder.closeListItem();
    }
    builder.closeList({ trailingLineBreaks: nested ? 1 : 2 });
  };
}

const tags = (elem: DomNode, name: string) => elem.children?.filter((c) => c.name === name) ?? [];

// html-to-text writes " 1. item" at the top level; this writes "1. item" like "- item".
const formatOrderedList = formatItems((elem) => {
  const start = Number.parseInt(attr(elem, 'start') ?? '1', 10) || 1;
  return tags(elem, 'li').map((node, i) => ({ node, prefix: `${start + i}. ` }));
});

const formatTaskList = formatItems((elem) =>
  tags(elem, 'ac:task').map((task) => {
    const done = child(task, 'ac:task-status')?.children?.[0]?.data?.trim() === 'complete';
    return { node: child(task, 'ac:task-body') ?? task, prefix: done ? '- [x] ' : '- [ ] ' };
  }),
);

const block = (leadingLineBreaks: number, trailingLineBreaks: number) => ({
  format: 'block',
  options: { leadingLineBreaks, trailingLineBreaks },
});

// Compiled once: the selectors are parsed into a decision tree, reused for every page.
const convert = compile({
  wordwrap: false,
  // &nbsp; is spacing in Confluence, not content: "<p>&nbsp;</p>" is an empty paragraph.
  whitespaceCharacters: ' \t\r\n\f\u200b\u00a0',
  // Deep nesting from malformed input would otherwise overflow the recursive walk.
  limits: { maxDepth: 200 },
  formatters: {
    link: formatLink,
    image: formatImage,
    adfExtension: formatAdfExtension,
    time: formatTime,
    orderedList: formatOrderedList,
    taskList: formatTaskList,
    table: formatTable,
  },
  selectors: [
    { selector: 'a', options: { ignoreHref: true } },
    { selector: 'img', format: 'skip' },
    ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((selector) => ({
      selector,
      options: { uppercase: false, leadingLineBreaks: 2, trailingLineBreaks: 2 },
    })),
    { selector: 'ul', options: { itemPrefix: '- ' } },
    // Cloud wraps every list item's text in <p>: items must not get a blank line each.
    {
      selector: 'li > p',
      format: 'paragraph',
      options: { leadingLineBreaks: 1, trailingLineBreaks: 1 },
    },
    { selector: 'ol', format: 'orderedList' },
    { selector: 'table', format: 'table' },
    { selector: 'blockquote', ...block(2, 2) },
    { selector: 'hr', ...block(2, 2) },
    { selector: 'time', format: 'time' },
    // Settings and editor furniture, never content.
    { selector: 'ac\\:parameter', format: 'skip' },
    { selector: 'ac\\:emoticon', format: 'skip' },
    { selector: 'ac\\:placeholder', format: 'skip' },
    { selector: 'ac\\:adf-attribute', format: 'skip' },
    // Titles that are shown as text: a code block's caption, an expand's label, a status lozenge.
    { selector: '[ac\\:name="code"] > ac\\:parameter[ac\\:name="title"]', ...block(2, 1) },
    { selector: '[ac\\:name="expand"] > ac\\:parameter[ac\\:name="title"]', ...block(2, 2) },
    { selector: '[ac\\:name="status"] > ac\\:parameter[ac\\:name="title"]', format: 'inline' },
    // Code and noformat bodies keep their lines and indentation.
    { selector: 'ac\\:plain-text-body', format: 'pre', options: { leadingLineBreaks: 1 } },
    { selector: 'ac\\:rich-text-body', ...block(2, 2) },
    { selector: 'ac\\:layout-section', ...block(2, 2) },
    { selector: 'ac\\:layout-cell', ...block(2, 2) },
    { selector: 'ac\\:adf-content', ...block(1, 1) },
    { selector: 'ac\\:link', format: 'link' },
    { selector: 'ac\\:image', format: 'image' },
    { selector: 'ac\\:adf-extension', format: 'adfExtension' },
    { selector: 'ac\\:task-list', format: 'taskList' },
  ],
});

/** Trailing spaces off, at most one blank line in a row; indentation (code) is kept. */
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
