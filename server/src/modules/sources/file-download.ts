import type { Response } from 'express';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Logger } from '../../shared/logger.js';
import type { SourceDocument } from '../corpus/index.js';

const MEDIA_TYPE = /^[\w.+-]+\/[\w.+-]+$/;

/**
 * `attachment` with an ASCII fallback name and the real one in RFC 5987's `filename*`, so a name
 * in any script survives and no quote, backslash or control character can break the header.
 */
export function attachmentHeader(fileName: string): string {
  const fallback =
    fileName
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^\x20-\x7e]|["\\%;]/g, '_')
      .trim() || 'download';
  // encodeURIComponent leaves ' ( ) * as they are; RFC 5987's attr-char does not allow them.
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/**
 * Streams a stored file as a download. It is never shown inline: `attachment`, `nosniff` and a
 * sandboxing CSP keep a file declared as HTML (the type is the uploader's) from running here.
 */
export async function sendStoredFile(
  res: Response,
  doc: SourceDocument,
  body: Readable,
  logger: Logger,
): Promise<void> {
  res.status(200);
  res.setHeader(
    'Content-Type',
    MEDIA_TYPE.test(doc.fileType) ? doc.fileType : 'application/octet-stream',
  );
  res.setHeader('Content-Length', String(doc.fileSize));
  res.setHeader('Content-Disposition', attachmentHeader(doc.fileName));
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Content-Security-Policy', "default-src 'none'; sandbox");
  try {
    await pipeline(body, res);
  } catch (error) {
    // Headers are sent: the connection is cut short and the browser sees a failed download. A
    // reader who went away is no news; storage failing mid-file is.
    if ((error as { code?: string }).code !== 'ERR_STREAM_PREMATURE_CLOSE')
      logger.warn('A file download stopped early', { documentId: doc.id, error });
  }
}
