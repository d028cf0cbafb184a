import { Router, type Request } from 'express';
import type { Config } from '../../config.js';
import { bodyString, handle, requireViewer } from '../../http/rest.js';
import { badInput } from '../../shared/app-error.js';
import type { Services } from '../../services.js';
import { sendStoredFile } from './file-download.js';

/** The origin to put in upload URLs: PUBLIC_URL when set, else the address the caller used. */
export function originOf(req: Request, config: Config): string {
  return config.publicUrlSet ? config.publicUrl : `${req.protocol}://${req.get('host')}`;
}

/** SPEC §7 upload flow: get-upload-url, (PUT to the URL), confirm-upload; a file's download. */
export function sourceRoutes(services: Services, config: Config): Router {
  const router = Router();

  router.post(
    '/integrations/get-upload-url',
    requireViewer(services, 'source.write'),
    handle(async (req, res) => {
      const upload = await services.uploads.createUpload(req.viewer!, {
        fileName: bodyString(req, 'fileName')!,
        fileType: bodyString(req, 'fileType', false),
        fileSize: declaredSize(req.body),
        sourceId: bodyString(req, 'sourceId', false) ?? null,
        contentHash: bodyString(req, 'contentHash', false) ?? null,
        replaceDocumentId: bodyString(req, 'replaceDocumentId', false) ?? null,
      });
      res.json({
        // Local storage answers a path on this server; S3 an absolute presigned URL.
        uploadUrl: upload.uploadUrl.startsWith('/')
          ? originOf(req, config) + upload.uploadUrl
          : upload.uploadUrl,
        fileKey: upload.fileKey,
        expiresAt: upload.expiresAt,
        maxBytes: upload.maxBytes,
      });
    }),
  );

  router.post(
    '/integrations/confirm-upload',
    requireViewer(services, 'source.write'),
    handle(async (req, res) => {
      const doc = await services.uploads.confirmUpload(req.viewer!, {
        fileKey: bodyString(req, 'fileKey')!,
        fileSize: declaredSize(req.body),
      });
      res.json({
        documentId: doc.id,
        sourceId: doc.sourceId,
        fileKey: doc.storageKey,
        fileName: doc.fileName,
        fileSize: doc.fileSize,
        status: doc.status,
      });
    }),
  );

  router.get(
    '/documents/:id/file',
    requireViewer(services, 'search.read'),
    handle(async (req, res) => {
      const { doc, body } = await services.sources.openFile(req.viewer!, String(req.params.id));
      await sendStoredFile(res, doc, body, services.logger);
    }),
  );

  return router;
}

/** The optional fileSize a client declares (top level, or in metadata as some clients send it). */
function declaredSize(body: unknown): number | null {
  const b = (body ?? {}) as { fileSize?: unknown; metadata?: { fileSize?: unknown } };
  const raw = b.fileSize ?? b.metadata?.fileSize;
  if (raw === undefined || raw === null || raw === '') return null;
  const size = Number(raw);
  if (!Number.isSafeInteger(size) || size < 0)
    throw badInput('fileSize is the file size in bytes.', { field: 'fileSize' });
  return size;
}
