import { detectFormat } from './detect-format.js';
import { MAX_INPUT_BYTES, MAX_TEXT_CHARS } from './limits.js';
import { normaliseText, normaliseTitle } from './normalise.js';
import { asParseError, ParseError, textTooLarge, tooLarge } from './parse-errors.js';
import { type FileFormat, type ParsedDocument, type RawDocument } from './types.js';

/**
 * Loaded on demand: each parse runs in a fresh worker, and loading every library (SheetJS alone
 * is large) would slow every file down for the one format it needs.
 */
const PARSERS: Record<FileFormat, (bytes: Uint8Array, fileName: string) => Promise<RawDocument>> = {
  pdf: async (bytes) => (await import('./parse-pdf.js')).parsePdf(bytes),
  doc: async (bytes) => (await import('./parse-doc.js')).parseDoc(bytes),
  docx: async (bytes) => (await import('./parse-docx.js')).parseDocx(bytes),
  xls: async (bytes) => (await import('./parse-xls.js')).parseSpreadsheet(bytes, 'xls'),
  xlsx: async (bytes) => (await import('./parse-xls.js')).parseSpreadsheet(bytes, 'xlsx'),
  ppt: async (bytes) => (await import('./parse-ppt.js')).parsePpt(bytes),
  pptx: async (bytes) => (await import('./parse-pptx.js')).parsePptx(bytes),
  txt: async (bytes) => (await import('./parse-txt.js')).parseTxt(bytes),
  md: async (bytes) => (await import('./parse-markdown.js')).parseMarkdown(bytes),
  // A CSV file is one sheet, named after the file as spreadsheet programs name it.
  csv: async (bytes, fileName) =>
    (await import('./parse-csv.js')).parseCsv(bytes, baseName(fileName)),
  html: async (bytes) => (await import('./parse-html.js')).parseHtml(bytes),
  json: async (bytes) => (await import('./parse-json.js')).parseJson(bytes),
  rtf: async (bytes) => (await import('./parse-rtf.js')).parseRtf(bytes),
  odt: async (bytes) => (await import('./parse-opendocument.js')).parseOpenDocument(bytes, 'odt'),
  ods: async (bytes) => (await import('./parse-opendocument.js')).parseOpenDocument(bytes, 'ods'),
  odp: async (bytes) => (await import('./parse-opendocument.js')).parseOpenDocument(bytes, 'odp'),
};

/** "Q3 budget" for "uploads/Q3 budget.csv". */
function baseName(fileName: string): string {
  const name = fileName.slice(Math.max(fileName.lastIndexOf('/'), fileName.lastIndexOf('\\')) + 1);
  const dot = name.lastIndexOf('.');
  return (dot > 0 ? name.slice(0, dot) : name).trim().slice(0, 100) || 'Sheet1';
}

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
    raw = await PARSERS[format](bytes, fileName);
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
    throw textTooLarge();
  }
  return { format, title: normaliseTitle(raw.title), sections };
}
