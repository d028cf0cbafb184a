export { detectFormat } from './detect-format.js';
export { MAX_INPUT_BYTES, MAX_TEXT_CHARS, ZIP_LIMITS } from './limits.js';
export { parseDocument } from './parse-document.js';
export { ParseError, type ParseErrorCode } from './parse-errors.js';
export { parseInWorker, type ParseInWorkerOptions } from './parse-in-worker.js';
export { ParserPool, type ParserPoolOptions } from './parser-pool.js';
export type { FileFormat, ParsedDocument, ParsedSection, SectionLocation } from './types.js';
