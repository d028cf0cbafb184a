import express, { type Router } from 'express';
import { handle } from '../../http/rest.js';
import type { Services } from '../../services.js';

/** Slack's payloads are small; anything larger is not Slack's. */
const BODY_LIMIT = '256kb';

/**
 * POST /slack/events: events, slash commands and interactivity alike. The body is read raw
 * (the signature covers its exact bytes), so this is mounted before any body parser.
 */
export function slackRoutes(services: Services): Router {
  const router = express.Router();
  router.post(
    '/slack/events',
    express.raw({ type: () => true, limit: BODY_LIMIT }),
    handle(async (req, res) => {
      const reply = await services.slackReceiver.receive({
        rawBody: Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0),
        contentType: (req.get('content-type') ?? '').toLowerCase(),
        timestamp: req.get('x-slack-request-timestamp'),
        signature: req.get('x-slack-signature'),
      });
      res.setHeader('Cache-Control', 'no-store');
      if (reply.body === undefined) res.status(reply.status).end();
      else res.status(reply.status).json(reply.body);
    }),
  );
  return router;
}
