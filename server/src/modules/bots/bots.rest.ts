import { authorize } from '../policies/index.js';
import { Router, type Request } from 'express';
import { handle, requireViewer } from '../../http/rest.js';
import { AppError } from '../../shared/app-error.js';
import { perMinute } from '../../security/rate-limiter.js';
import type { Services } from '../../services.js';

/** The path's or body's user id must be the caller: identity only ever comes from the token. */
function requireSelf(req: Request, userId: unknown) {
  authorize(req.viewer, 'person.self', { userId }, 'You can only use your own user id here.');
}

/** Public chat: at most this many questions per address and minute. */
const PUBLIC_RULE = perMinute(20);

/** SPEC §7's key and bot calls, exactly as the spec shapes them. */
export function botRoutes(services: Services): Router {
  const router = Router();
  const viewer = requireViewer(services);

  router.get(
    '/get-openai_integration/:userId',
    viewer,
    handle(async (req, res) => {
      requireSelf(req, req.params.userId);
      const key = await services.providerKeys.get(req.viewer!);
      res.json(key ? [key.id, key.masked, key.userId] : null);
    }),
  );

  router.post(
    '/save-openai-integration',
    viewer,
    handle(async (req, res) => {
      const body = (req.body ?? {}) as Record<string, unknown>;
      requireSelf(req, body.user_id);
      const key = await services.providerKeys.save(req.viewer!, body.value, body.verify === true);
      res.json([key.id, key.masked, key.userId]);
    }),
  );

  router.get(
    '/get-bots/:userId',
    viewer,
    handle(async (req, res) => {
      requireSelf(req, req.params.userId);
      const bots = await services.bots.list(req.viewer!);
      res.json(
        bots.map((b) => ({
          id: b.id,
          name: b.name,
          description: b.description,
          privacy: b.privacy,
          language: b.language,
          model: b.model,
          created_at: b.createdAt,
        })),
      );
    }),
  );

  router.post(
    '/create-bot',
    requireViewer(services, 'bot.write'),
    handle(async (req, res) => {
      const body = (req.body ?? {}) as Record<string, unknown>;
      requireSelf(req, body.user_id);
      const bot = await services.bots.create(req.viewer!, body);
      res.status(201).json(bot.id);
    }),
  );

  router.get(
    '/get-bot/:botId',
    viewer,
    handle(async (req, res) => {
      try {
        const b = await services.bots.get(req.viewer!, req.params.botId as string);
        res.json([b.id, b.name, b.description, b.model, b.language, b.privacy]);
      } catch (error) {
        // SPEC: an unknown (or invisible) bot answers null.
        if (
          error instanceof AppError &&
          (error.code === 'NOT_FOUND' || error.code === 'BAD_USER_INPUT')
        )
          res.json(null);
        else throw error;
      }
    }),
  );

  router.delete(
    '/delete-bot/:botId',
    viewer,
    handle(async (req, res) => {
      await services.bots.delete(req.viewer!, req.params.botId as string);
      res.json({ ok: true });
    }),
  );

  router.get(
    '/public/bots/:token',
    handle(async (req, res) => {
      const bot = await services.botAnswers.publicBot(req.params.token as string);
      res.json({ name: bot.name, description: bot.description, language: bot.language });
    }),
  );

  router.post(
    '/public/bots/:token/ask',
    handle(async (req, res) => {
      const key = `public-chat:${req.ip}`;
      const wait = await services.limits.take(key, PUBLIC_RULE);
      if (wait > 0) {
        throw new AppError('TOO_MANY_REQUESTS', 'Too many questions; wait a minute.', 429, {
          retryAfterSeconds: wait,
        });
      }
      const body = (req.body ?? {}) as Record<string, unknown>;
      const result = await services.botAnswers.askPublic(
        req.params.token as string,
        body.question,
        body.conversationId,
      );
      // Visitors see what the bot cites by title and place, not the workspace's links.
      res.json({
        conversationId: result.conversationId,
        turnId: result.turnId,
        answer: result.answer,
        found: result.found,
        mode: result.mode,
        sources: result.sources.map((s) => ({
          number: s.number,
          title: s.title,
          location: s.locationLabel,
        })),
        related: result.related.map((s) => ({
          number: s.number,
          title: s.title,
          location: s.locationLabel,
        })),
      });
    }),
  );

  // A visitor's vote on an answer of the conversation they hold (its id came with the answer).
  router.post(
    '/public/bots/:token/feedback',
    handle(async (req, res) => {
      const bot = await services.botAnswers.publicBot(req.params.token as string);
      const body = (req.body ?? {}) as Record<string, unknown>;
      const rating = await services.answerFeedback.rate(
        { workspaceId: bot.workspaceId, userId: null, botId: bot.id },
        body,
      );
      res.json({ turnId: rating.turnId, vote: rating.vote > 0 ? 'up' : 'down' });
    }),
  );

  return router;
}
