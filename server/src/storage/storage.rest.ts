import { Router } from 'express';
import { handle } from '../http/rest.js';
import type { UploadsService } from '../modules/sources/uploads.service.js';
import type { LocalStorage } from './local-storage.js';

/** PUT /storage/<key>?exp&max&sig: the raw bytes of a file, once, as the signed URL allows. */
export function storageRoutes(storage: LocalStorage, uploads: UploadsService): Router {
  const router = Router();
  router.put(
    /^\/([0-9a-f-]{36}\/[0-9a-f-]{36})$/,
    handle(async (req, res) => {
      const key = (req.params as Record<string, string>)[0];
      const { maxBytes } = storage.verify(key, req.query);
      const declared = Number(req.headers['content-length']);
      if (Number.isFinite(declared) && declared > maxBytes) {
        res.setHeader('Connection', 'close');
        return res.status(413).json({
          error: 'PAYLOAD_TOO_LARGE',
          message: 'The file is larger than this upload allows.',
        });
      }
      let size: number;
      try {
        size = await uploads.receivePut(key, req.headers['content-type'], req);
      } catch (error) {
        // Refused before the body was read: do not leave it in a kept-alive connection.
        if (!req.complete) res.setHeader('Connection', 'close');
        throw error;
      }
      res.status(200).json({ ok: true, size });
    }),
  );
  return router;
}
