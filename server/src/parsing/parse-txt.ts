import { ParseError } from './parse-errors.js';
import { type RawDocument } from './types.js';

/** C0/C1 control characters other than tab, line feed, vertical tab, form feed, carriage return
 * and DOS end-of-file: text has almost none, binary data many. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\x00-\x08\x0e-\x19\x1b-\x1f\x7f-\x9f]/g;

function notText(): ParseError {
  return new ParseError(
    'CONTENT_MISMATCH',
    "This file's content is not a text file (it looks like binary data).",
  );
}

function decode(encoding: string, bytes: Uint8Array): string | null {
  try {
    return new TextDecoder(encoding, { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return null;
  }
}

/** Windows-1252's 0x80-0x9F, which Node 20's TextDecoder reads as Latin-1 control characters. */
const CP1252_C1 =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

/** Windows-1252 as the WHATWG Encoding Standard maps it: “smart quotes”, €, –, … included. */
export function decodeWindows1252(bytes: Uint8Array): string {
  return new TextDecoder('windows-1252')
    .decode(bytes)
    .replace(/[\x80-\x9f]/g, (c) => CP1252_C1[c.charCodeAt(0) - 0x80]);
}

/**
 * Decodes a .txt upload: UTF-8 (BOM stripped), UTF-16 with a BOM, or, failing UTF-8, Windows-1252
 * (what older Windows editors save). Binary data is refused: any NUL byte outside UTF-16, or
 * more than 1% control characters.
 */
export function decodeText(bytes: Uint8Array): string {
  let text: string | null;
  if (bytes[0] === 0xff && bytes[1] === 0xfe) text = decode('utf-16le', bytes);
  else if (bytes[0] === 0xfe && bytes[1] === 0xff) text = decode('utf-16be', bytes);
  else if (bytes.includes(0)) text = null;
  else text = decode('utf-8', bytes) ?? decodeWindows1252(bytes);
  if (text === null) throw notText();
  const controls = text.match(CONTROL)?.length ?? 0;
  if (text.includes('\0') || controls > text.length / 100) throw notText();
  return text;
}

export function parseTxt(bytes: Uint8Array): RawDocument {
  return {
    title: null,
    sections: [{ text: decodeText(bytes), location: { kind: 'document', index: 1 } }],
  };
}
