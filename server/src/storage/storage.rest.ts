import { Router } from 'express';
import { handle } from '../http/rest.js';
import type { LocalStorage } from './local-storage.js';

/** PUT /storage/<key>?exp&max&sig: the raw bytes of a file, as the signed URL allows. */
export function storageRoutes(storage: LocalStorage): Router {
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
      const size = await storage.write(key, req, maxBytes);
      res.status(200).json({ ok: true, size });
    }),
  );
  return router;
}
