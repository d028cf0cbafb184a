import type { NextFunction, Request, Response } from 'express';

/** Nested levels looked into; body-parser has already bounded the body's size. */
const MAX_DEPTH = 64;

/**
 * Refuses a JSON body whose strings (or keys) hold a NUL character: Postgres cannot store one in
 * text, so it would otherwise fail deep inside a query as a 500. Answers in the door's own shape.
 */
export function rejectNulBytes(door: 'rest' | 'graphql') {
  return (req: Request, res: Response, next: NextFunction) => {
    if (!holdsNul(req.body, 0)) return next();
    const message = 'Text may not contain NUL characters (\\u0000).';
    if (door === 'graphql')
      return res
        .status(400)
        .json({ errors: [{ message, extensions: { code: 'BAD_USER_INPUT' } }] });
    return res.status(400).json({ error: 'BAD_USER_INPUT', message });
  };
}

function holdsNul(value: unknown, depth: number): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > MAX_DEPTH || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((v) => holdsNul(v, depth + 1));
  return Object.entries(value).some(([k, v]) => k.includes('\u0000') || holdsNul(v, depth + 1));
}
