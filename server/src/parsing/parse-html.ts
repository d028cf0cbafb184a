import { compile } from 'html-to-text';
import { formatTable } from '../shared/html-table.js';
import { MAX_INPUT_BYTES } from './limits.js';
import { decodeText } from './parse-txt.js';
import { type RawDocument } from './types.js';

/**
 * .html / .htm through html-to-text (already used for Confluence pages): the body's text with
 * block elements on their own lines, entities decoded, links as their text, table rows as
 * "a | b". Scripts, styles, navigation and other page furniture are left out. The title is the
 * page's <title>, else its first <h1>.
 */
export function parseHtml(bytes: Uint8Array): RawDocument {
  return htmlToDocument(decodeText(bytes));
}

export function htmlToDocument(html: string): RawDocument {
  const text = convert(html);
  // Bounded: a page without </title> must not make the title the whole file.
  const titleHtml =
    /<title\b[^>]{0,1000}>([\s\S]{0,5000}?)<\/title>/i.exec(html)?.[1] ??
    /<h1\b[^>]{0,1000}>([\s\S]{0,5000}?)<\/h1>/i.exec(html)?.[1];
  const title = titleHtml ? convertInline(titleHtml).replace(/\s+/g, ' ').trim() : '';
  return {
    title: title || null,
    sections: [{ text, location: { kind: 'document', index: 1 } }],
  };
}

const heading = { uppercase: false, leadingLineBreaks: 2, trailingLineBreaks: 1 };
const skip = { format: 'skip' };

// Compiled once per worker: the selectors become a decision tree.
const convert = compile({
  wordwrap: false,
  // A page is at most MAX_INPUT_BYTES; the default would cut it at 16 M characters, silently.
  limits: { maxInputLength: MAX_INPUT_BYTES, maxDepth: 500 },
  formatters: { table: formatTable },
  selectors: [
    { selector: 'a', options: { ignoreHref: true } },
    { selector: 'img', format: 'skip' },
    ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((selector) => ({ selector, options: heading })),
    { selector: 'ul', options: { itemPrefix: '- ' } },
    { selector: 'table', format: 'table' },
    // Page furniture and things that are not text (the title too: it is the title; a page
    // without <body> has its <head> read as content otherwise).
    ...['head', 'title', 'nav', 'script', 'style', 'noscript', 'template', 'svg', 'canvas']
      .concat(['iframe', 'object'])
      .concat(['button', 'select', 'dialog', '[role="navigation"]', '[aria-hidden="true"]'])
      .map((selector) => ({ selector, ...skip })),
  ],
});

/** Text of an HTML fragment such as a title: tags off, entities decoded. */
const convertInline = compile({
  wordwrap: false,
  selectors: [{ selector: 'a', options: { ignoreHref: true } }],
});
