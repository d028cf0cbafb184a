/** The public chat's REST calls (no sign-in): `/api/public/bots/:token` and its `/ask`. */

export interface PublicBot {
  name: string;
  description: string;
  language: string;
}

export interface PublicSource {
  number: number;
  title: string;
  /** Where in the document, e.g. "Page 3"; may be empty. */
  location: string | null;
}

export interface PublicAnswer {
  /** The conversation the answer belongs to: sent back with a follow-up. */
  conversationId?: string | null;
  /** The answer within it (what a vote is given on). */
  turnId?: string | null;
  answer: string;
  /** False: the bot's sources do not say (the not-found answer). Absent: not known. */
  found?: boolean;
  mode: 'generated' | 'extractive' | string;
  sources: PublicSource[];
}

export const NOT_FOUND_MESSAGE = 'This chat link does not exist or the bot is private.';
export const THROTTLED_MESSAGE = 'Too many questions from your address; wait a minute.';
export const OFFLINE_MESSAGE = 'Cannot reach Lumen. Check your connection and try again.';

/** A failed call, with a message fit to show a visitor. */
export class PublicChatError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'PublicChatError';
  }
}

const botUrl = (token: string) => `/api/public/bots/${encodeURIComponent(token)}`;

async function call<T>(url: string, init: RequestInit, signal?: AbortSignal): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, {
      ...init,
      signal,
      headers: { Accept: 'application/json', ...init.headers },
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new PublicChatError(OFFLINE_MESSAGE, 0);
  }
  const body: unknown = await response.json().catch(() => null);
  if (response.ok && body && typeof body === 'object') return body as T;
  if (response.status === 404) throw new PublicChatError(NOT_FOUND_MESSAGE, 404);
  if (response.status === 429) throw new PublicChatError(THROTTLED_MESSAGE, 429);
  const message =
    body && typeof body === 'object' && typeof (body as { message?: unknown }).message === 'string'
      ? (body as { message: string }).message
      : `Something went wrong (status ${response.status}). Try again.`;
  throw new PublicChatError(message, response.status);
}

export function fetchPublicBot(token: string, signal?: AbortSignal): Promise<PublicBot> {
  return call<PublicBot>(botUrl(token), { method: 'GET' }, signal);
}

export function askPublicBot(
  token: string,
  question: string,
  conversationId?: string | null,
): Promise<PublicAnswer> {
  return call<PublicAnswer>(`${botUrl(token)}/ask`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(conversationId ? { question, conversationId } : { question }),
  });
}

/** A visitor's vote on an answer of the conversation they hold. */
export async function ratePublicAnswer(
  token: string,
  rating: { turnId: string; vote: 'up' | 'down'; reason?: string | null; comment?: string | null },
): Promise<void> {
  await call(`${botUrl(token)}/feedback`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(rating),
  });
}

/** The message to show for any failure (network and programming errors included). */
export function publicChatErrorMessage(error: unknown): string {
  return error instanceof PublicChatError ? error.message : OFFLINE_MESSAGE;
}
