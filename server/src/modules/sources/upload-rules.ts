import path from 'node:path';
import { badInput } from '../../shared/app-error.js';
import { MAX_TEXT_CHARS } from '../../parsing/index.js';
import { SourceErrors } from '../corpus/index.js';

/** What an upload may be called and declared as (the upload service's input rules). */
export const ALLOWED_EXTENSIONS = [
  '.pdf',
  '.doc',
  '.docx',
  '.xls',
  '.xlsx',
  '.ppt',
  '.pptx',
  '.txt',
  '.md',
  '.markdown',
  '.csv',
  '.html',
  '.htm',
  '.json',
  '.rtf',
  '.odt',
  '.ods',
  '.odp',
] as const;
export const OCTET_STREAM = 'application/octet-stream';

/** A Content-Type reduced to its media type (`text/plain; charset=utf-8` → `text/plain`). */
export function mediaType(raw: string | null | undefined): string {
  const type = String(raw ?? '')
    .split(';')[0]
    .trim()
    .toLowerCase()
    .slice(0, 200);
  // S3 stores a PUT that named no type as binary/octet-stream.
  return !type || type === 'binary/octet-stream' ? OCTET_STREAM : type;
}

// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;

/** Keeps a display name only: no folders, no control characters, bounded length. */
export function cleanFileName(raw: string): string {
  const name = path
    .basename(String(raw ?? '').replace(/\\/g, '/'))
    .replace(CONTROL_CHARACTERS, '')
    .trim();
  if (!name || name === '.' || name === '..')
    throw badInput('fileName is required.', { field: 'fileName' });
  return name.slice(-200);
}

/** A refused size, said for what it is: text files are bounded by the characters indexed. */
export function tooLargeFor(fileName: string, maxBytes: number) {
  return path.extname(fileName).toLowerCase() === '.txt' && maxBytes >= MAX_TEXT_CHARS
    ? SourceErrors.textTooLarge(MAX_TEXT_CHARS)
    : SourceErrors.tooLarge(maxBytes);
}
