import { Router } from 'express';
import { handle } from '../http/rest.js';
import type { Services } from '../services.js';
import { OutboxMessage } from './outbox-message.entity.js';

/**
 * GET /api/dev/outbox?to=address: the mail kept when there is no SMTP server. Mounted only when
 * DEV_OUTBOX=true (refused in production), because it would expose reset codes to anyone.
 */
export function outboxRoutes(services: Services): Router {
  const router = Router();
  router.get(
    '/dev/outbox',
    handle(async (req, res) => {
      const to = typeof req.query.to === 'string' ? req.query.to.trim().toLowerCase() : undefined;
      const messages = await services.db.getRepository(OutboxMessage).find({
        where: to ? { to } : {},
        order: { createdAt: 'DESC' },
        take: 50,
      });
      res.json(messages);
    }),
  );
  return router;
}
