import { detectFormat } from './detect-format.js';
import { MAX_INPUT_BYTES, MAX_TEXT_CHARS } from './limits.js';
import { normaliseText, normaliseTitle } from './normalise.js';
import { asParseError, ParseError, tooLarge } from './parse-errors.js';
import { type FileFormat, type ParsedDocument, type RawDocument } from './types.js';

/**
 * Loaded on demand: each parse runs in a fresh worker, and loading every library (SheetJS alone
 * is large) would slow every file down for the one format it needs.
 */
const PARSERS: Record<FileFormat, (bytes: Uint8Array) => Promise<RawDocument>> = {
  pdf: async (bytes) => (await import('./parse-pdf.js')).parsePdf(bytes),
  doc: async (bytes) => (await import('./parse-doc.js')).parseDoc(bytes),
  docx: async (bytes) => (await import('./parse-docx.js')).parseDocx(bytes),
  xls: async (bytes) => (await import('./parse-xls.js')).parseSpreadsheet(bytes, 'xls'),
  xlsx: async (bytes) => (await import('./parse-xls.js')).parseSpreadsheet(bytes, 'xlsx'),
  ppt: async (bytes) => (await import('./parse-ppt.js')).parsePpt(bytes),
  pptx: async (bytes) => (await import('./parse-pptx.js')).parsePptx(bytes),
  txt: async (bytes) => (await import('./parse-txt.js')).parseTxt(bytes),
};

/**
 * Parses an upload in this thread. Hostile files can still hang or exhaust memory here: the
 * server calls parseInWorker, which runs this under time and memory limits.
 */
export async function parseDocument(bytes: Uint8Array, fileName: string): Promise<ParsedDocument> {
  if (bytes.length > MAX_INPUT_BYTES) throw tooLarge();
  let format: FileFormat;
  try {
    format = detectFormat(bytes, fileName);
  } catch (error) {
    if (error instanceof ParseError) throw error;
    throw new ParseError('CORRUPT', 'This file could not be read: it looks damaged.', {
      cause: error,
    });
  }

  let raw: RawDocument;
  try {
    raw = await PARSERS[format](bytes);
  } catch (error) {
    throw asParseError(format, error);
  }

  const sections = raw.sections
    .map((section) => ({ ...section, text: normaliseText(section.text) }))
    .filter((section) => section.text.length > 0);
  if (sections.length === 0) {
    throw new ParseError(
      'EMPTY',
      'No text was found in this file. If it is a scan, it needs text recognition (OCR) first.',
    );
  }
  if (sections.reduce((total, section) => total + section.text.length, 0) > MAX_TEXT_CHARS) {
    throw new ParseError(
      'TOO_LARGE',
      `This file holds more than ${MAX_TEXT_CHARS / 1_000_000} million characters of text, ` +
        'the most Lumen indexes for one document.',
    );
  }
  return { format, title: normaliseTitle(raw.title), sections };
}
