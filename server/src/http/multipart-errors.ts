import type { NextFunction, Request, Response } from 'express';

/**
 * graphql-upload refuses a malformed multipart request (too many files, a broken map) by
 * passing an http-errors error on; without this it would reach Express' default handler as a
 * 500 page. It answers in GraphQL's shape instead, with a 4xx.
 */
export function multipartErrors(error: unknown, _req: Request, res: Response, next: NextFunction) {
  const e = error as { status?: number; expose?: boolean; message?: string };
  if (res.headersSent || typeof e?.status !== 'number' || e.status >= 500) return next(error);
  const tooManyFiles = /max file uploads exceeded/i.test(e.message ?? '');
  const message = tooManyFiles
    ? 'Send one file per request: uploadDocument takes one file.'
    : e.expose && e.message
      ? e.message
      : 'The multipart request is not valid.';
  res.status(tooManyFiles ? 400 : e.status).json({
    errors: [
      {
        message,
        extensions: {
          code: e.status === 413 && !tooManyFiles ? 'PAYLOAD_TOO_LARGE' : 'BAD_USER_INPUT',
        },
      },
    ],
  });
}
