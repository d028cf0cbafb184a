import type { ApolloClient } from '@apollo/client';
import { getApolloContext } from '@apollo/client/react';
import { useCallback, useContext, useEffect, useRef, useState } from 'react';
import { authorizedFetch } from '../auth/authorized-fetch';
import { createSseParser } from './sse-parser';

export type AskStatus = 'idle' | 'loading' | 'succeeded' | 'failed';

/** A passage an answer was written from, cited in the answer as `[number]`. */
export interface AskSource {
  number: number;
  title: string;
  /** A connected item's page in its tool; for a file, the in-app viewer at the passage. */
  url: string;
  /** The in-app viewer at the passage, for any item: `/app/documents/<id>?page=3&passage=4`. */
  viewerUrl: string;
  documentId: string;
  sourceKind: string;
  sourceName: string;
  /** "Page 3", "Slide 2", "Sheet Budget", or null for plain documents. */
  location: string | null;
  excerpt: string;
}

/** The final answer (the stream's `done` event); it replaces whatever the deltas showed. */
export interface AskAnswer {
  id: string | null;
  /** The conversation it was answered in: send it with a follow-up. */
  conversationId: string | null;
  /** This answer in its conversation (what a vote is given on). */
  turnId: string | null;
  question: string;
  /** What was searched: the question, or the follow-up made to stand on its own. */
  searchQuery: string;
  answer: string;
  /**
   * False when the sources do not say: `answer` is then the not-found answer, `sources` is empty
   * and `related` holds the closest passages ("might be related").
   */
  found: boolean;
  mode: 'generated' | 'extractive';
  notice: string | null;
  model: string | null;
  /** The passages the answer cites. */
  sources: AskSource[];
  /** Passages found that the answer does not cite: shown apart, as related. */
  related: AskSource[];
  timings: { retrievalMs: number; answerMs: number; totalMs: number };
}

export interface AskStreamState {
  status: AskStatus;
  question: string;
  /** The answer so far: streamed pieces while loading, then the final answer. */
  answer: string;
  sources: AskSource[];
  /** What retrieval searched for, once the sources are in. */
  searchQuery: string | null;
  result: AskAnswer | null;
  error: string | null;
}

export interface UseAskStream extends AskStreamState {
  ask: (question: string, integrations?: string[], conversationId?: string | null) => void;
  reset: () => void;
}

export interface AskStreamOptions {
  /** Called once per answered question, with the final answer. */
  onDone?: (result: AskAnswer) => void;
}

export const ASK_STREAM_URL = '/api/ask/stream';
/** SPEC §8: what an ask failure says when the server gave no message. */
export const ASK_FAILED_MESSAGE = 'Failed to fetch search results';
/** The history lists that change after a question is answered (the search modal's too). */
const HISTORY_QUERIES = ['RecentQuestions', 'PopularQuestions', 'SearchRecents', 'Conversations'];

const IDLE: AskStreamState = {
  status: 'idle',
  question: '',
  answer: '',
  sources: [],
  searchQuery: null,
  result: null,
  error: null,
};

class AskError extends Error {}

/**
 * Asks a question over `POST /api/ask/stream` and follows the answer as it streams: sources first,
 * then pieces of the answer, then the final answer. A new question (or unmounting) cancels the one
 * in flight.
 */
export function useAskStream(options: AskStreamOptions = {}): UseAskStream {
  const client = useContext(getApolloContext()).client;
  const [state, setState] = useState<AskStreamState>(IDLE);
  const current = useRef<AbortController | null>(null);
  const onDone = useRef(options.onDone);
  useEffect(() => {
    onDone.current = options.onDone;
  });

  useEffect(() => () => current.current?.abort(), []);

  const ask = useCallback(
    (question: string, integrations?: string[], conversationId?: string | null) => {
      const text = question.trim();
      if (!text) return;
      current.current?.abort();
      const controller = new AbortController();
      current.current = controller;
      const update = (fn: (prev: AskStreamState) => AskStreamState) => {
        if (current.current === controller) setState(fn);
      };
      setState({ ...IDLE, status: 'loading', question: text });

      streamAnswer(text, integrations, conversationId ?? null, controller.signal, {
        onSources: (sources, searchQuery) => update((s) => ({ ...s, sources, searchQuery })),
        onDelta: (piece) => update((s) => ({ ...s, answer: s.answer + piece })),
        onDone: (result) => {
          update((s) => ({
            ...s,
            status: 'succeeded',
            answer: result.answer,
            sources: result.sources,
            searchQuery: result.searchQuery,
            result,
          }));
          if (current.current === controller) onDone.current?.(result);
          if (client) refetchHistory(client);
        },
      }).then(
        () => {
          if (current.current === controller) current.current = null;
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          const message = error instanceof AskError ? error.message : ASK_FAILED_MESSAGE;
          update((s) => ({ ...s, status: 'failed', error: message }));
          if (current.current === controller) current.current = null;
        },
      );
    },
    [client],
  );

  const reset = useCallback(() => {
    current.current?.abort();
    current.current = null;
    setState(IDLE);
  }, []);

  return { ...state, ask, reset };
}

interface StreamHandlers {
  onSources: (sources: AskSource[], searchQuery: string | null) => void;
  onDelta: (text: string) => void;
  onDone: (result: AskAnswer) => void;
}

async function streamAnswer(
  question: string,
  integrations: string[] | undefined,
  conversationId: string | null,
  signal: AbortSignal,
  handlers: StreamHandlers,
): Promise<void> {
  const body = JSON.stringify({
    question,
    ...(integrations ? { integrations } : {}),
    ...(conversationId ? { conversationId } : {}),
  });
  const response = await authorizedFetch(ASK_STREAM_URL, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
    body,
    signal,
  });
  if (signal.aborted) return;
  if (!response.ok || !response.body) throw new AskError(await errorMessage(response));

  let finished = false;
  let failure: string | null = null;
  const parser = createSseParser(({ event, data }) => {
    if (finished) return;
    const payload = parseJson(data);
    if (event === 'sources')
      handlers.onSources(asSources(payload?.sources), asString(payload?.searchQuery));
    else if (event === 'delta' && typeof payload?.text === 'string') handlers.onDelta(payload.text);
    else if (event === 'done' && payload) {
      finished = true;
      handlers.onDone(asAnswer(payload, question));
    } else if (event === 'error') {
      finished = true;
      failure = typeof payload?.message === 'string' ? payload.message : ASK_FAILED_MESSAGE;
    }
  });

  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.feed(decoder.decode(value, { stream: true }));
      if (finished) break;
    }
    if (!finished) parser.feed(decoder.decode());
    if (!finished) parser.end();
  } finally {
    if (finished) void reader.cancel().catch(() => {});
  }
  if (failure !== null) throw new AskError(failure);
  if (!finished) throw new AskError(ASK_FAILED_MESSAGE);
}

async function errorMessage(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { message?: unknown };
    if (typeof body.message === 'string' && body.message) return body.message;
  } catch {
    // not JSON: fall through to the generic message
  }
  return ASK_FAILED_MESSAGE;
}

type Json = Record<string, unknown>;

function parseJson(data: string): Json | null {
  try {
    const value: unknown = JSON.parse(data);
    return value && typeof value === 'object' ? (value as Json) : null;
  } catch {
    return null;
  }
}

function asString(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

function asSources(value: unknown): AskSource[] {
  return Array.isArray(value) ? (value as AskSource[]) : [];
}

function asAnswer(payload: Json, question: string): AskAnswer {
  const timings = (payload.timings ?? {}) as Partial<AskAnswer['timings']>;
  return {
    id: asString(payload.id),
    conversationId: asString(payload.conversationId),
    turnId: asString(payload.turnId),
    question: typeof payload.question === 'string' ? payload.question : question,
    searchQuery: asString(payload.searchQuery) ?? question,
    answer: typeof payload.answer === 'string' ? payload.answer : '',
    // Only an explicit `false` is the not-found answer (a server without the field found it).
    found: payload.found !== false,
    mode: payload.mode === 'extractive' ? 'extractive' : 'generated',
    notice: typeof payload.notice === 'string' ? payload.notice : null,
    model: typeof payload.model === 'string' ? payload.model : null,
    sources: asSources(payload.sources),
    related: asSources(payload.related),
    timings: {
      retrievalMs: timings.retrievalMs ?? 0,
      answerMs: timings.answerMs ?? 0,
      totalMs: timings.totalMs ?? 0,
    },
  };
}

/** Refreshes the history lists on screen (only those mounted: asking for others only warns). */
function refetchHistory(client: ApolloClient) {
  const active = new Set(
    [...client.getObservableQueries('active')].map((q) => q.queryName).filter(Boolean),
  );
  const include = HISTORY_QUERIES.filter((name) => active.has(name));
  if (include.length > 0) void client.refetchQueries({ include }).catch(() => {});
}
