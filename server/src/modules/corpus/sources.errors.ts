import { AppError } from '../../shared/app-error.js';
import { formatBytes } from '../../storage/object-storage.js';

/** The document an uploaded file already is, as a duplicate refusal names it. */
export interface ExistingDocument {
  documentId: string;
  title: string;
  sourceId: string;
  sourceName: string;
}

export const SourceErrors = {
  sourceNotFound: () => new AppError('NOT_FOUND', 'No such source in this workspace.', 404),
  documentNotFound: () => new AppError('NOT_FOUND', 'No such document in this workspace.', 404),
  cannotManage: () =>
    new AppError('FORBIDDEN', 'Only the source’s owner or an admin can change or delete it.', 403),
  uploadNotFound: () => new AppError('NOT_FOUND', 'No such upload: ask for a new upload URL.', 404),
  notUploaded: () =>
    new AppError('UPLOAD_MISSING', 'The file has not been uploaded to its URL yet.', 409),
  uploadUsed: () =>
    new AppError(
      'UPLOAD_URL_USED',
      'This upload URL has already been used; ask for a new one to upload another file.',
      409,
    ),
  uploadExpired: () =>
    new AppError('URL_EXPIRED', 'This upload has expired; upload the file again.', 410),
  overUpload: (max: number) =>
    new AppError(
      'PAYLOAD_TOO_LARGE',
      `The file is larger than this upload URL allows (${formatBytes(max)}): ask for a new URL with the file's size.`,
      413,
    ),
  typeMismatch: (declared: string) =>
    new AppError(
      'TYPE_MISMATCH',
      `This upload URL was issued for ${declared}: send the file with that Content-Type, or ask for a new URL.`,
      415,
    ),
  sizeMismatch: (declared: number, stored: number) =>
    new AppError(
      'SIZE_MISMATCH',
      `The uploaded file has ${stored} bytes, not the ${declared} declared; upload it again.`,
      400,
      { field: 'fileSize' },
    ),
  extension: (allowed: readonly string[]) =>
    new AppError(
      'UNSUPPORTED_TYPE',
      `Upload one of these file types: ${allowed.join(', ')}.`,
      400,
      { field: 'fileName' },
    ),
  tooLarge: (max: number) =>
    new AppError('PAYLOAD_TOO_LARGE', `Files are limited to ${formatBytes(max)}.`, 413),
  textTooLarge: (maxChars: number) =>
    new AppError(
      'PAYLOAD_TOO_LARGE',
      `Text files are limited to ${(maxChars / 1_000_000).toLocaleString('en')} million characters (about ${Math.round(maxChars / 1_000_000)} MB): their text is indexed whole. Split the file.`,
      413,
    ),
  quota: (quota: number) =>
    new AppError(
      'QUOTA_EXCEEDED',
      `This workspace has used its ${formatBytes(quota)} of file storage. Delete files to upload more.`,
      413,
    ),
  /** The file's bytes were refused before indexing (code from the parser: CONTENT_MISMATCH, ZIP_BOMB, …). */
  content: (code: string, message: string) => new AppError(code, message, 400, { field: 'file' }),
  connectedDocument: () =>
    new AppError(
      'BAD_USER_INPUT',
      'This item comes from a connected tool: it is removed when it is deleted there, or when the source is disconnected.',
      400,
    ),
  /** The same bytes are already a document of the workspace; the details say which. */
  duplicate: (existing: ExistingDocument) =>
    new AppError(
      'DUPLICATE_DOCUMENT',
      `This file is already uploaded as "${existing.title}" (${existing.sourceName}). To replace that document, upload the file again with replaceDocumentId.`,
      409,
      { ...existing },
    ),
  noStoredFile: () =>
    new AppError(
      'NO_STORED_FILE',
      'This item comes from a connected tool and has no stored file: open it in its tool instead.',
      404,
    ),
  fileMissing: () =>
    new AppError('NOT_FOUND', 'The stored file of this document could not be found.', 404),
  notUploadSource: () =>
    new AppError('BAD_USER_INPUT', 'Files can only be added to a file-upload source.', 400, {
      field: 'sourceId',
    }),
};
