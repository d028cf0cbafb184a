import CFB from 'cfb';
import { encrypted, FORMAT_LABELS, ParseError } from './parse-errors.js';
import { decodeText } from './parse-txt.js';
import { type FileFormat } from './types.js';
import { leadingEntryNames, SafeZip } from './zip-guard.js';

/**
 * Decides which parser a file goes to. The extension must be on the allowlist AND the content
 * must be that kind of file: a renamed executable, or a zip named .pdf, is refused before any
 * parser sees it. Legacy and modern Office formats of the same family (.doc/.docx, .xls/.xlsx,
 * .ppt/.pptx, and RTF with the Word formats) may stand in for each other, as Office itself
 * allows; the content decides. Text formats (.txt .md .csv .html .json) need text content, read
 * as the extension says; an RTF file must start with `{\rtf`; OpenDocument files are zips whose
 * `mimetype` entry names their kind.
 *
 * `bytes` may be only the start of the file (an upload check may read just the first 64 KB).
 * Office containers keep their directory at the end, so when it cannot be read the decision
 * rests on the signature and what the start shows; a damaged file then fails as CORRUPT when
 * parsed, where the whole file is read.
 */

const EXTENSIONS: Record<string, FileFormat> = {
  pdf: 'pdf',
  doc: 'doc',
  docx: 'docx',
  xls: 'xls',
  xlsx: 'xlsx',
  ppt: 'ppt',
  pptx: 'pptx',
  txt: 'txt',
  md: 'md',
  markdown: 'md',
  csv: 'csv',
  html: 'html',
  htm: 'html',
  json: 'json',
  rtf: 'rtf',
  odt: 'odt',
  ods: 'ods',
  odp: 'odp',
};

/** Formats whose content is any text: they are read as their extension says. */
const TEXT_FORMATS = new Set<FileFormat>(['txt', 'md', 'csv', 'html', 'json']);

const FAMILY: Record<FileFormat, string> = {
  pdf: 'pdf',
  doc: 'word',
  docx: 'word',
  xls: 'excel',
  xlsx: 'excel',
  ppt: 'powerpoint',
  pptx: 'powerpoint',
  txt: 'txt',
  md: 'md',
  csv: 'csv',
  html: 'html',
  json: 'json',
  // Word opens RTF under any of its names, and saves RTF named .doc.
  rtf: 'word',
  odt: 'odt',
  ods: 'ods',
  odp: 'odp',
};

/** The `mimetype` entry of an OpenDocument file, without its `-template` suffix. */
const ODF_TYPES: Record<string, FileFormat> = {
  'application/vnd.oasis.opendocument.text': 'odt',
  'application/vnd.oasis.opendocument.spreadsheet': 'ods',
  'application/vnd.oasis.opendocument.presentation': 'odp',
};

const startsWith = (bytes: Uint8Array, ...signature: number[]) =>
  signature.every((byte, i) => bytes[i] === byte);
const ascii = (bytes: Uint8Array, from: number, to: number) =>
  String.fromCharCode(...bytes.subarray(from, to));

/** Kinds of content other than our formats, for the refusal message. */
function describeForeign(bytes: Uint8Array): string | null {
  if (startsWith(bytes, 0x4d, 0x5a)) return 'an executable'; // MZ: Windows
  if (startsWith(bytes, 0x7f, 0x45, 0x4c, 0x46)) return 'an executable'; // ELF
  const magic = new DataView(bytes.buffer, bytes.byteOffset).getUint32(0, false);
  if ([0xfeedface, 0xfeedfacf, 0xcefaedfe, 0xcffaedfe, 0xcafebabe].includes(magic)) {
    return 'an executable'; // Mach-O, fat binaries and Java classes
  }
  if (startsWith(bytes, 0x23, 0x21)) return 'a script'; // #!
  if (startsWith(bytes, 0x89, 0x50, 0x4e, 0x47) || startsWith(bytes, 0xff, 0xd8, 0xff)) {
    return 'an image';
  }
  if (ascii(bytes, 0, 4) === 'GIF8') return 'an image';
  if (startsWith(bytes, 0x1f, 0x8b) || ascii(bytes, 0, 4) === 'Rar!') return 'a compressed archive';
  if (startsWith(bytes, 0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c)) return 'a compressed archive';
  return null;
}

function mismatch(expected: FileFormat, actual: string): ParseError {
  return new ParseError(
    'CONTENT_MISMATCH',
    `This file's content is not ${FORMAT_LABELS[expected]} (it looks like ${actual}).`,
  );
}

export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? fileName.slice(dot + 1).toLowerCase() : '';
}

export function detectFormat(bytes: Uint8Array, fileName: string): FileFormat {
  const extension = extensionOf(fileName);
  const claimed = Object.hasOwn(EXTENSIONS, extension) ? EXTENSIONS[extension] : undefined;
  if (!claimed) {
    throw new ParseError(
      'UNSUPPORTED_TYPE',
      `${extension ? `.${extension} files are` : 'Files without an extension are'} not supported. ` +
        'Upload a PDF, Word, Excel, PowerPoint, OpenDocument, RTF, CSV, Markdown, HTML, JSON ' +
        'or plain-text file.',
    );
  }
  if (TEXT_FORMATS.has(claimed) && bytes.length < 8) {
    checkText(bytes, claimed); // too short for any signature; still refuse NULs
    return claimed;
  }
  if (bytes.length < 8) throw mismatch(claimed, 'an empty or truncated file');

  const found = identify(bytes, claimed);
  if (typeof found !== 'string') throw mismatch(claimed, found.other);
  if (FAMILY[found] !== FAMILY[claimed]) {
    throw mismatch(claimed, found === 'txt' ? 'plain text' : FORMAT_LABELS[found]);
  }
  return found;
}

/** Refuses binary content: a .txt with the text parser's own message, other text formats with
 * a mismatch naming their kind. */
function checkText(bytes: Uint8Array, claimed: FileFormat): void {
  try {
    decodeText(bytes);
  } catch (error) {
    if (claimed === 'txt') throw error;
    throw mismatch(claimed, 'binary data');
  }
}

/** What the bytes are: one of our formats, or a description of something else. */
function identify(bytes: Uint8Array, claimed: FileFormat): FileFormat | { other: string } {
  // Executables first, so that one with "%PDF-" near its start is still an executable.
  const foreign = describeForeign(bytes);
  if (foreign) return { other: foreign };
  if (ascii(bytes, 0, 5) === '{\\rtf') return 'rtf';
  // PDF readers accept the header anywhere in the first kilobyte.
  if (ascii(bytes, 0, Math.min(bytes.length, 1024)).includes('%PDF-')) return 'pdf';
  if (startsWith(bytes, 0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1)) {
    return identifyOle(bytes, claimed);
  }
  if (startsWith(bytes, 0x50, 0x4b, 0x03, 0x04)) return identifyZip(bytes, claimed);
  if (!TEXT_FORMATS.has(claimed)) {
    // Only for the message: "plain text" rather than "data of an unknown kind".
    try {
      decodeText(textSample(bytes.subarray(0, 4096)));
      return 'txt';
    } catch {
      return { other: 'data of an unknown kind' };
    }
  }
  checkText(textSample(bytes), claimed);
  return claimed;
}

/** Drops a character cut in two at the end, as when `bytes` is only the start of a file. */
function textSample(bytes: Uint8Array): Uint8Array {
  const utf16 =
    (bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff);
  if (utf16) return bytes.subarray(0, bytes.length - (bytes.length % 2));
  // Back up over continuation bytes to the last lead byte; drop it if its sequence is cut.
  let lead = bytes.length - 1;
  while (lead > bytes.length - 4 && lead > 0 && (bytes[lead] & 0xc0) === 0x80) lead--;
  const needed = bytes[lead] >= 0xf0 ? 4 : bytes[lead] >= 0xe0 ? 3 : bytes[lead] >= 0xc0 ? 2 : 1;
  return lead + needed > bytes.length ? bytes.subarray(0, lead) : bytes;
}

/** The format a container of this family would be, given the extension's family. */
const OLE_OF: Partial<Record<FileFormat, FileFormat>> = {
  rtf: 'doc',
  doc: 'doc',
  docx: 'doc',
  xls: 'xls',
  xlsx: 'xls',
  ppt: 'ppt',
  pptx: 'ppt',
};
const ZIP_OF: Partial<Record<FileFormat, FileFormat>> = {
  rtf: 'docx',
  doc: 'docx',
  docx: 'docx',
  xls: 'xlsx',
  xlsx: 'xlsx',
  ppt: 'pptx',
  pptx: 'pptx',
  odt: 'odt',
  ods: 'ods',
  odp: 'odp',
};

function identifyOle(bytes: Uint8Array, claimed: FileFormat): FileFormat | { other: string } {
  let streams: Set<string>;
  try {
    const container = CFB.read(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), {
      type: 'buffer',
    });
    // Top-level streams only: "Root Entry/WordDocument".
    streams = new Set(
      container.FullPaths.map((path) => /^[^/]+\/([^/]+)$/.exec(path)?.[1]).filter(
        (name): name is string => !!name,
      ),
    );
  } catch {
    // Damaged, or only the start of the file: an Office file of the claimed family, as far as
    // can be told here.
    return OLE_OF[claimed] ?? { other: 'an Office file' };
  }
  // A password-protected docx/xlsx/pptx is an OLE file holding the encrypted zip.
  if (streams.has('EncryptedPackage')) throw encrypted(claimed);
  if (streams.has('WordDocument')) return 'doc';
  if (streams.has('Workbook') || streams.has('Book')) return 'xls';
  if (streams.has('PowerPoint Document')) return 'ppt';
  return { other: 'another kind of Office file' };
}

function identifyZip(bytes: Uint8Array, claimed: FileFormat): FileFormat | { other: string } {
  let zip: SafeZip;
  try {
    zip = new SafeZip(bytes, claimed);
  } catch (error) {
    if (error instanceof ParseError && error.code === 'ZIP_BOMB') throw error;
    // Damaged, or only the start of the file: judge by the entries at its start.
    const names = leadingEntryNames(bytes);
    if (names.some((name) => name.startsWith('word/'))) return 'docx';
    if (names.some((name) => name.startsWith('xl/'))) return 'xlsx';
    if (names.some((name) => name.startsWith('ppt/'))) return 'pptx';
    const odf = openDocumentType(leadingMimetype(bytes));
    if (odf) return odf;
    return ZIP_OF[claimed] ?? { other: 'a zip archive' };
  }
  if (zip.has('word/document.xml')) return 'docx';
  if (zip.has('xl/workbook.xml')) return 'xlsx';
  if (zip.has('ppt/presentation.xml')) return 'pptx';
  const odf = openDocumentType(leadingMimetype(bytes) ?? odfMimetype(zip));
  if (odf) return odf;
  return { other: 'a zip archive' };
}

/** One of our OpenDocument formats, another kind of OpenDocument file, or null. */
function openDocumentType(mimetype: string | null): FileFormat | { other: string } | null {
  if (!mimetype?.startsWith('application/vnd.oasis.opendocument.')) return null;
  return (
    ODF_TYPES[mimetype.replace(/-template$/, '')] ?? { other: 'another kind of OpenDocument file' }
  );
}

/**
 * The `mimetype` entry when it is the first one, stored, as OpenDocument requires: readable from
 * the file's first bytes alone.
 */
function leadingMimetype(bytes: Uint8Array): string | null {
  if (bytes.length < 38) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const nameLength = view.getUint16(26, true);
  const size = view.getUint32(18, true);
  if (view.getUint16(8, true) !== 0 || nameLength !== 8 || size > 200) return null;
  if (ascii(bytes, 30, 38) !== 'mimetype') return null;
  const start = 38 + view.getUint16(28, true);
  return start + size <= bytes.length ? ascii(bytes, start, start + size).trim() : null;
}

/** The `mimetype` entry anywhere in the zip, else the package's type from its manifest. */
function odfMimetype(zip: SafeZip): string | null {
  const mimetype = zip.has('mimetype') ? zip.text('mimetype')?.trim().slice(0, 200) : undefined;
  if (mimetype) return mimetype;
  const manifest = zip.text('META-INF/manifest.xml');
  const root =
    manifest && /<manifest:file-entry\b[^>]*?manifest:full-path="\/"[^>]*>/.exec(manifest);
  return root ? (/manifest:media-type="([^"]*)"/.exec(root[0])?.[1] ?? null) : null;
}
