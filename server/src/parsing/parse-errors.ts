import { MAX_INPUT_BYTES, MAX_TEXT_CHARS } from './limits.js';
import { type FileFormat } from './types.js';

/**
 * Errors a parse can end with. Every message is written for the person who uploaded the file:
 * the document is marked failed with it, and the server carries on.
 */
export type ParseErrorCode =
  | 'UNSUPPORTED_TYPE'
  | 'CONTENT_MISMATCH'
  | 'CORRUPT'
  | 'ENCRYPTED'
  | 'ZIP_BOMB'
  | 'TIMEOUT'
  | 'TOO_LARGE'
  | 'OUT_OF_MEMORY'
  | 'EMPTY';

export class ParseError extends Error {
  override readonly name = 'ParseError';

  constructor(
    readonly code: ParseErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** "a PDF", "a Word document"…: used in messages. */
export const FORMAT_LABELS: Record<FileFormat, string> = {
  pdf: 'a PDF',
  doc: 'a Word document',
  docx: 'a Word document',
  xls: 'an Excel workbook',
  xlsx: 'an Excel workbook',
  ppt: 'a PowerPoint presentation',
  pptx: 'a PowerPoint presentation',
  txt: 'a text file',
  md: 'a Markdown file',
  csv: 'a CSV file',
  html: 'an HTML page',
  json: 'a JSON file',
  rtf: 'an RTF document',
  odt: 'an OpenDocument text',
  ods: 'an OpenDocument spreadsheet',
  odp: 'an OpenDocument presentation',
};

const NOUNS: Record<FileFormat, string> = {
  pdf: 'PDF',
  doc: 'Word document',
  docx: 'Word document',
  xls: 'Excel workbook',
  xlsx: 'Excel workbook',
  ppt: 'PowerPoint presentation',
  pptx: 'PowerPoint presentation',
  txt: 'text file',
  md: 'Markdown file',
  csv: 'CSV file',
  html: 'HTML page',
  json: 'JSON file',
  rtf: 'RTF document',
  odt: 'OpenDocument text',
  ods: 'OpenDocument spreadsheet',
  odp: 'OpenDocument presentation',
};

export function corrupt(format: FileFormat, cause?: unknown): ParseError {
  return new ParseError('CORRUPT', `The ${NOUNS[format]} could not be read: it looks damaged.`, {
    cause,
  });
}

export function encrypted(format: FileFormat): ParseError {
  return new ParseError(
    'ENCRYPTED',
    `The ${NOUNS[format]} is password-protected. Remove the password and upload it again.`,
  );
}

/**
 * Library code throws plain Errors on damaged input; keep our own ParseErrors and turn anything
 * else into CORRUPT for that format.
 */
export function asParseError(format: FileFormat, error: unknown): ParseError {
  return error instanceof ParseError ? error : corrupt(format, error);
}

export function tooLarge(): ParseError {
  return new ParseError(
    'TOO_LARGE',
    `This file is larger than ${MAX_INPUT_BYTES / 1024 / 1024} MB, the most Lumen reads.`,
  );
}

export function textTooLarge(): ParseError {
  return new ParseError(
    'TOO_LARGE',
    `This file holds more than ${MAX_TEXT_CHARS / 1_000_000} million characters of text, ` +
      'the most Lumen indexes for one document.',
  );
}
