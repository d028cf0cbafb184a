import { notFound } from './app-error.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids from callers are UUIDs; anything else cannot name a row (and must not reach SQL as one). */
export function assertId(id: string, message?: string): string {
  if (typeof id !== 'string' || !UUID.test(id)) throw notFound(message);
  return id;
}

/** Whether a value is an id (a UUID), for inputs where a malformed one is bad input. */
export function isId(value: unknown): boolean {
  return typeof value === 'string' && UUID.test(value);
}
