import { Router, type Response } from 'express';
import { handle, requireViewer } from '../../http/rest.js';
import { AppError } from '../../shared/app-error.js';
import type { Services } from '../../services.js';
import type { AskEvent, AskResult } from './ask.service.js';
import type { NumberedPassage } from '../corpus/index.js';
import { checkIntegrations, checkQuestion } from './search-input.js';
import { AskSourceType } from '../conversations/answer-source.types.js';

function restSource(p: NumberedPassage) {
  const s = AskSourceType.from(p);
  return { title: s.title, url: s.url, number: s.number, location: s.location };
}

/** The REST form of an answer: SPEC §7's `{ answer: { answer, sources: [{ title, url }] } }`, plus detail. */
function answerBody(result: AskResult) {
  return {
    conversationId: result.conversationId,
    turnId: result.turnId,
    question: result.question,
    searchQuery: result.searchQuery,
    answer: {
      answer: result.answer,
      sources: result.sources.map(restSource),
      related: result.related.map(restSource),
      found: result.found,
      mode: result.mode,
      notice: result.notice,
      providerState: result.providerState,
    },
    timings: result.timings,
  };
}

/**
 * POST /api/ask in both of the spec's shapes ({question, integrations} and {question}), and
 * POST /api/ask/stream: the same answer as server-sent events (sources, delta…, done). Both take
 * an optional conversationId (a follow-up in that thread) and answer with the conversationId.
 */
export function searchRoutes(services: Services): Router {
  const router = Router();

  router.post(
    '/ask',
    requireViewer(services, 'search.read'),
    handle(async (req, res) => {
      const body = (req.body ?? {}) as Record<string, unknown>;
      const result = await services.ask.ask(req.viewer!, {
        question: body.question,
        integrations: body.integrations,
        conversationId: body.conversationId,
      });
      res.json(answerBody(result));
    }),
  );

  router.post(
    '/ask/stream',
    requireViewer(services, 'search.read'),
    handle(async (req, res) => {
      const body = (req.body ?? {}) as Record<string, unknown>;
      // Bad input is a plain 400 before any event is sent.
      const question = checkQuestion(body.question);
      const integrations = checkIntegrations(body.integrations);
      const aborted = new AbortController();
      res.on('close', () => aborted.abort());
      // Headers go out with the first event, so a refusal before any (a rate limit) is a plain 429.
      let streaming = false;
      const begin = () => {
        if (streaming) return;
        streaming = true;
        res.writeHead(200, {
          'Content-Type': 'text/event-stream; charset=utf-8',
          'Cache-Control': 'no-cache, no-transform',
          'X-Accel-Buffering': 'no',
          Connection: 'keep-alive',
        });
        res.flushHeaders();
      };
      try {
        await services.ask.ask(
          req.viewer!,
          { question, integrations, conversationId: body.conversationId },
          (event) => {
            begin();
            send(res, event);
          },
          aborted.signal,
        );
      } catch (error) {
        if (!streaming) throw error;
        if (aborted.signal.aborted) return;
        const known = error instanceof AppError;
        if (!known)
          services.logger.error('Streaming answer failed', { requestId: req.requestId, error });
        sendEvent(res, 'error', {
          error: known ? error.code : 'INTERNAL_SERVER_ERROR',
          message: known ? error.message : `Something went wrong (request ${req.requestId}).`,
        });
      }
      res.end();
    }),
  );

  return router;
}

function send(res: Response, event: AskEvent) {
  if (event.type === 'sources') {
    sendEvent(res, 'sources', {
      sources: event.sources.map((p) => AskSourceType.from(p)),
      retrievalMs: event.retrievalMs,
      searchQuery: event.searchQuery,
    });
  } else if (event.type === 'delta') {
    sendEvent(res, 'delta', { text: event.text });
  } else {
    const r = event.result;
    sendEvent(res, 'done', {
      id: r.historyId,
      conversationId: r.conversationId,
      turnId: r.turnId,
      question: r.question,
      searchQuery: r.searchQuery,
      answer: r.answer,
      found: r.found,
      mode: r.mode,
      notice: r.notice,
      providerState: r.providerState,
      model: r.model,
      sources: r.sources.map((p) => AskSourceType.from(p)),
      related: r.related.map((p) => AskSourceType.from(p)),
      timings: r.timings,
    });
  }
}

function sendEvent(res: Response, name: string, data: unknown) {
  if (res.writableEnded || res.destroyed) return;
  res.write(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`);
}
