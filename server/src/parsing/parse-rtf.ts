import { decodeWindows1252 } from './parse-txt.js';
import { type RawDocument } from './types.js';

/**
 * .rtf: a small reader of the RTF 1.9 syntax, enough for text. Groups and control words are
 * walked with an explicit stack (no recursion); \par, \line, \tab, \cell and \row become line
 * breaks and tabs; \'hh bytes are decoded in the document's code page (\ansicpg, or the
 * \fcharset of the current font); \uN is Unicode, with the \ucN fallback characters after it
 * skipped. Destinations that are not text (font and colour tables, style sheet, pictures,
 * field instructions, headers and footers, and any `\*` destination) are skipped; \info is
 * skipped too, except its \title, which becomes the title. Footnotes go after the body, as the
 * Word parsers do.
 */
export function parseRtf(bytes: Uint8Array): RawDocument {
  const { title, body, notes } = rtfToText(bytes);
  const text = notes ? `${body}\n\n${notes}` : body;
  return { title: title || null, sections: [{ text, location: { kind: 'document', index: 1 } }] };
}

type Destination = 'body' | 'footnote' | 'title' | 'info' | 'fonttbl' | 'skip';

interface GroupState {
  destination: Destination;
  /** Fallback characters after \uN (\ucN, default 1). */
  uc: number;
  /** Current font (\fN), for its character set; -1 for the default font. */
  font: number;
}

/** Destinations whose content is never body text. */
const SKIPPED = new Set([
  'colortbl',
  'stylesheet',
  'listtable',
  'listoverridetable',
  'revtbl',
  'rsidtbl',
  'filetbl',
  'generator',
  'xmlnstbl',
  'themedata',
  'colorschememapping',
  'datastore',
  'latentstyles',
  'pgdsctbl',
  'pict',
  'nonshppict',
  'objdata',
  'fldinst',
  'bkmkstart',
  'bkmkend',
  'header',
  'headerl',
  'headerr',
  'headerf',
  'footer',
  'footerl',
  'footerr',
  'footerf',
  'ftnsep',
  'ftnsepc',
  'ftncn',
  'aftnsep',
  'aftnsepc',
  'aftncn',
  'template',
  'docvar',
  'userprops',
  'private',
]);

/** Control words that stand for text. */
const SPECIAL: Record<string, string> = {
  par: '\n',
  line: '\n',
  sect: '\n',
  page: '\n',
  row: '\n',
  nestrow: '\n',
  cell: '\t',
  nestcell: '\t',
  tab: '\t',
  emdash: '\u2014',
  endash: '\u2013',
  emspace: ' ',
  enspace: ' ',
  qmspace: ' ',
  bullet: '\u2022',
  lquote: '\u2018',
  rquote: '\u2019',
  ldblquote: '\u201c',
  rdblquote: '\u201d',
};

/** Control symbols: `\~` and friends. */
const SYMBOLS: Record<string, string> = {
  '~': '\u00a0',
  _: '-',
  '-': '',
  '\\': '\\',
  '{': '{',
  '}': '}',
  '\n': '\n',
  '\r': '\n',
  '\t': '\t',
};

/** \fcharset values and their Windows code pages. */
const CHARSET_CODE_PAGES: Record<number, number> = {
  77: 10000,
  128: 932,
  129: 949,
  134: 936,
  136: 950,
  161: 1253,
  162: 1254,
  163: 1258,
  177: 1255,
  178: 1256,
  186: 1257,
  204: 1251,
  222: 874,
  238: 1250,
};

const CODE_PAGE_LABELS: Record<number, string> = {
  932: 'shift_jis',
  936: 'gbk',
  949: 'euc-kr',
  950: 'big5',
  10000: 'macintosh',
  20866: 'koi8-r',
};

/** Deeper groups than this are read as part of their parent (no real document nests so). */
const MAX_DEPTH = 1000;

const TOKEN =
  /\\([a-zA-Z]{1,32})(-?\d{1,10})? ?|\\'([0-9a-fA-F]{2})|\\([\s\S])|([{}])|([^\\{}\r\n]+)|[\r\n]+/y;

export function rtfToText(bytes: Uint8Array): { title: string; body: string; notes: string } {
  // One character per byte: bytes over 0x7f are text in the document's code page.
  const source = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  const sinks: Record<'body' | 'footnote' | 'title', string[]> = {
    body: [],
    footnote: [],
    title: [],
  };
  const fontCharsets = new Map<number, number>();
  const decoders = new Map<number, (bytes: Uint8Array) => string>();
  let codePage = 1252;
  let defaultFont = -1;
  let definingFont = -1;

  const stack: GroupState[] = [];
  let state: GroupState = { destination: 'body', uc: 1, font: -1 };
  let overflow = 0;
  /** Fallback characters still to skip after a \uN. */
  let skip = 0;
  let pending: number[] = [];

  /** A decoder for the code page; Windows-1252 for one TextDecoder does not know. */
  const decoder = (page: number): ((bytes: Uint8Array) => string) => {
    let found = decoders.get(page);
    if (!found) {
      const label = CODE_PAGE_LABELS[page] ?? `windows-${page}`;
      try {
        const textDecoder = new TextDecoder(label);
        found =
          textDecoder.encoding === 'windows-1252'
            ? decodeWindows1252
            : (bytes) => textDecoder.decode(bytes);
      } catch {
        found = decodeWindows1252;
      }
      decoders.set(page, found);
    }
    return found;
  };
  const write = (text: string) => {
    const d = state.destination;
    if (d === 'body' || d === 'footnote' || d === 'title') sinks[d].push(text);
  };
  const flush = () => {
    if (pending.length === 0) return;
    const font = state.font === -1 ? defaultFont : state.font;
    const charset = fontCharsets.get(font);
    const page = (charset !== undefined && CHARSET_CODE_PAGES[charset]) || codePage;
    const text = decoder(page)(Uint8Array.from(pending));
    pending = [];
    write(text);
  };
  const addByte = (byte: number) => {
    if (skip > 0) skip--;
    else pending.push(byte);
  };

  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < source.length) {
    const match = TOKEN.exec(source);
    if (!match) break; // a lone backslash at the very end
    const [, word, parameter, hex, symbol, brace, text] = match;

    if (hex !== undefined) {
      addByte(parseInt(hex, 16));
      continue;
    }
    if (text !== undefined) {
      let run = text;
      if (skip > 0) {
        const dropped = Math.min(skip, run.length);
        skip -= dropped;
        run = run.slice(dropped);
      }
      if (!/[\x80-\xff]/.test(run)) {
        flush();
        if (run) write(run);
      } else {
        for (const char of run) {
          const code = char.charCodeAt(0);
          if (code >= 0x80) pending.push(code);
          else {
            flush();
            write(char);
          }
        }
      }
      continue;
    }
    flush();
    if (brace === '{') {
      skip = 0;
      if (stack.length >= MAX_DEPTH) overflow++;
      else {
        stack.push(state);
        state = { ...state };
      }
    } else if (brace === '}') {
      skip = 0;
      if (overflow > 0) overflow--;
      else if (stack.length > 0) {
        const closed = state;
        state = stack.pop()!;
        // Each footnote on its own line, even when its last paragraph has no \par.
        if (closed.destination === 'footnote' && state.destination !== 'footnote') {
          sinks.footnote.push('\n');
        }
      }
    } else if (symbol !== undefined) {
      // \* marks an optional destination: we know none of them, so they are skipped.
      if (symbol === '*') state.destination = 'skip';
      else if (Object.hasOwn(SYMBOLS, symbol)) write(SYMBOLS[symbol]);
    } else if (word !== undefined) {
      const n = parameter === undefined ? null : Number(parameter);
      if (word === 'bin' && n !== null && n > 0) {
        TOKEN.lastIndex = Math.min(source.length, TOKEN.lastIndex + n); // raw binary data
      } else if (word === 'u' && n !== null) {
        write(String.fromCharCode(n < 0 ? n + 65536 : n));
        skip = state.uc;
      } else if (word === 'uc' && n !== null) {
        state.uc = Math.max(0, n);
      } else if (Object.hasOwn(SPECIAL, word)) {
        write(SPECIAL[word]);
      } else {
        controlWord(word, n);
      }
    }
  }
  flush();

  function controlWord(word: string, n: number | null) {
    if (SKIPPED.has(word)) state.destination = 'skip';
    else if (word === 'fonttbl') state.destination = 'fonttbl';
    else if (word === 'info') state.destination = 'info';
    else if (word === 'title' && state.destination === 'info') state.destination = 'title';
    else if (word === 'footnote' && state.destination === 'body') state.destination = 'footnote';
    else if (word === 'ansicpg' && n !== null && n > 0) codePage = n;
    else if (word === 'mac') codePage = 10000;
    else if (word === 'deff' && n !== null) defaultFont = n;
    else if (word === 'f' && n !== null) {
      if (state.destination === 'fonttbl') definingFont = n;
      else state.font = n;
    } else if (word === 'fcharset' && n !== null && state.destination === 'fonttbl') {
      fontCharsets.set(definingFont, n);
    }
  }

  const joined = (parts: string[]) => parts.join('');
  return {
    title: joined(sinks.title).replace(/\s+/g, ' ').trim(),
    body: joined(sinks.body),
    notes: joined(sinks.footnote),
  };
}
