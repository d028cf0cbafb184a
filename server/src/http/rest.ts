import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { AppError, badInput, forbidden, unauthenticated } from '../shared/app-error.js';
import type { Logger } from '../shared/logger.js';
import type { Permission } from '../modules/identity/permissions.js';
import { authenticate, bearerToken } from '../modules/auth/authenticate.js';
import type { Viewer } from '../modules/identity/viewer.js';
import type { Services } from '../services.js';
import { clientOf } from './client-info.js';

declare module 'express-serve-static-core' {
  interface Request {
    requestId: string;
    viewer?: Viewer;
  }
}

/** Wraps an async REST handler so every failure becomes `{ error, message }` with its status. */
export function handle(fn: (req: Request, res: Response) => Promise<unknown>): RequestHandler {
  return (req, res, next) => {
    fn(req, res).catch(next);
  };
}

/** A JSON body field that must be a string when present. */
export function bodyString(req: Request, field: string, required = true): string | undefined {
  const body = req.body as Record<string, unknown> | undefined;
  const value = body?.[field];
  if (value === undefined || value === null) {
    if (required) throw badInput(`${field} is required.`, { field });
    return undefined;
  }
  if (typeof value !== 'string') throw badInput(`${field} must be a string.`, { field });
  return value;
}

export function bodyBoolean(req: Request, field: string): boolean | undefined {
  const value = (req.body as Record<string, unknown> | undefined)?.[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'boolean') throw badInput(`${field} must be true or false.`, { field });
  return value;
}

/** Requires a valid bearer token (and optionally permissions) on a REST route. */
export function requireViewer(services: Services, ...permissions: Permission[]): RequestHandler {
  return (req, _res, next) => {
    authenticate(services.db, services.keys, bearerToken(req.headers.authorization))
      .then((viewer) => {
        if (!viewer) throw unauthenticated();
        if (permissions.some((p) => !viewer.permissions.includes(p))) throw forbidden();
        viewer.client = clientOf(req);
        req.viewer = viewer;
        next();
      })
      .catch(next);
  };
}

/** The REST error answer: AppErrors as they are, body-parser errors mapped, the rest masked. */
export function restErrorHandler(logger: Logger) {
  return (error: unknown, req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) return next(error);
    const parserError = error as { type?: string; status?: number };
    if (parserError.type === 'entity.parse.failed') {
      return res
        .status(400)
        .json({ error: 'BAD_JSON', message: 'The request body is not valid JSON.' });
    }
    if (parserError.type === 'entity.too.large') {
      return res
        .status(413)
        .json({ error: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large.' });
    }
    if (parserError.type === 'encoding.unsupported' || parserError.type === 'charset.unsupported') {
      return res
        .status(415)
        .json({ error: 'UNSUPPORTED_MEDIA_TYPE', message: 'Send the body as UTF-8 JSON.' });
    }
    if (error instanceof AppError) {
      if (error.status === 429 && error.details?.retryAfterSeconds) {
        res.setHeader('Retry-After', String(error.details.retryAfterSeconds));
      }
      return res
        .status(error.status)
        .json({ error: error.code, message: error.message, ...error.details });
    }
    logger.error('Unexpected REST error', { requestId: req.requestId, path: req.path, error });
    return res.status(500).json({
      error: 'INTERNAL_SERVER_ERROR',
      message: 'Something went wrong on our side. Try again, and tell us this id if it persists.',
      requestId: req.requestId,
    });
  };
}
