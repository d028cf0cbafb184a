/** SPEC §5 / §9 (and issue 32's everyday formats): the only file types the upload dialog takes. */
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

/** For the file picker's `accept` attribute. */
export const ACCEPT_ATTRIBUTE = ALLOWED_EXTENSIONS.join(',');

/** The server's per-file limit by default; it enforces the real one (which may be lower). */
export const LARGE_FILE_BYTES = 50 * 1024 * 1024;

export const FILE_TYPES_HINT =
  'PDF, Word, Excel, PowerPoint, OpenDocument, RTF, CSV, Markdown, HTML, JSON or plain text (.txt)';

export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot <= 0 ? '' : fileName.slice(dot).toLowerCase();
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) {
    const mb = bytes / (1024 * 1024);
    return `${mb >= 10 ? Math.round(mb) : Math.round(mb * 10) / 10} MB`;
  }
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

export interface RejectedFile {
  name: string;
  reason: string;
}

/** Sorts picked or dropped files into those to upload and those refused, with the reason. */
export function checkFiles(files: readonly File[]): { accepted: File[]; rejected: RejectedFile[] } {
  const accepted: File[] = [];
  const rejected: RejectedFile[] = [];
  for (const file of files) {
    if (!(ALLOWED_EXTENSIONS as readonly string[]).includes(extensionOf(file.name)))
      rejected.push({ name: file.name, reason: `Only ${FILE_TYPES_HINT} files can be uploaded.` });
    else if (file.size === 0)
      rejected.push({ name: file.name, reason: 'The file is empty, so it was skipped.' });
    else accepted.push(file);
  }
  return { accepted, rejected };
}

/** A caution shown before uploading; the server has the last word. */
export function sizeWarning(file: File): string | undefined {
  return file.size > LARGE_FILE_BYTES
    ? `${formatBytes(file.size)} is over the ${formatBytes(LARGE_FILE_BYTES)} limit, so the upload will likely be refused.`
    : undefined;
}

/** The same file picked twice is kept once. */
export const fileIdentity = (file: File) =>
  `${file.name}\u0000${file.size}\u0000${file.lastModified}`;
