import { NETWORK_ERROR_MESSAGE } from '../../shared/graphql-errors';

/** A failed PUT, with a message fit to show next to the file. */
export class UploadError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'UploadError';
  }
}

export interface PutOptions {
  /** Whole percent of the bytes sent, 0–100. */
  onProgress: (percent: number) => void;
  signal?: AbortSignal;
}

/** Step 2 of an upload: send the raw file to its signed URL. */
export type PutFile = (url: string, file: File, options: PutOptions) => Promise<void>;

export const CANCELLED_MESSAGE = 'Upload cancelled.';

/** Reads the storage's `{ error, message }` body; falls back to the status. */
function messageOf(status: number, body: string): string {
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === 'object') {
      const { message } = parsed as { message?: unknown };
      if (typeof message === 'string' && message) return message;
    }
  } catch {
    // not JSON: a proxy's page
  }
  if (status === 413) return 'The file is larger than this upload allows.';
  return `The upload failed (HTTP ${status}). Try again.`;
}

/** XMLHttpRequest rather than fetch: only it reports upload progress. */
export const xhrPut: PutFile = (url, file, { onProgress, signal }) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(new UploadError(CANCELLED_MESSAGE));
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    if (file.type) xhr.setRequestHeader('Content-Type', file.type);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0)
        onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(100);
        resolve();
      } else reject(new UploadError(messageOf(xhr.status, xhr.responseText), xhr.status));
    };
    // The server may close the connection early (e.g. a file over the limit).
    xhr.onerror = () =>
      reject(new UploadError(`The upload was interrupted. ${NETWORK_ERROR_MESSAGE}`));
    xhr.onabort = () => reject(new UploadError(CANCELLED_MESSAGE));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(file);
  });
