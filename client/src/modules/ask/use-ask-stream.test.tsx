import { MockedProvider } from '@apollo/client/testing/react';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  answerStream,
  askAnswer,
  askSource,
  controlledSseResponse,
  jsonResponse,
  sseResponse,
  sseText,
} from '../../test/ask-mocks';
import { fakeToken } from '../../test/render';
import { storeSession } from '../auth/session-store';
import { ASK_FAILED_MESSAGE, useAskStream } from './use-ask-stream';

const wrapper = ({ children }: { children: ReactNode }) => (
  <MockedProvider mocks={[]}>{children}</MockedProvider>
);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('useAskStream', () => {
  it('posts the question with the token and ends with the final answer', async () => {
    const token = fakeToken();
    storeSession(token, 'refresh');
    const final = askAnswer({
      answer: 'Final: 25 days [1]. Über-café ✓',
      sources: [askSource(), askSource({ number: 2, title: 'Policy' })],
    });
    // 3-byte pieces split lines, JSON and multi-byte characters.
    const fetchMock = vi.fn(async () => sseResponse(answerStream(final), 3));
    vi.stubGlobal('fetch', fetchMock);

    const { result } = renderHook(() => useAskStream(), { wrapper });
    expect(result.current.status).toBe('idle');
    act(() => result.current.ask('  How many vacation days?  ', ['file_upload']));
    expect(result.current.status).toBe('loading');
    expect(result.current.question).toBe('How many vacation days?');

    await waitFor(() => expect(result.current.status).toBe('succeeded'));
    expect(result.current.answer).toBe('Final: 25 days [1]. Über-café ✓');
    expect(result.current.sources.map((s) => s.title)).toEqual(['Employee handbook', 'Policy']);
    expect(result.current.result).toEqual(final);
    expect(result.current.error).toBeNull();

    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/ask/stream');
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>).authorization).toBe(`Bearer ${token}`);
    expect(JSON.parse(init.body as string)).toEqual({
      question: 'How many vacation days?',
      integrations: ['file_upload'],
    });
  });

  it('shows sources and the draft while streaming', async () => {
    storeSession(fakeToken(), 'refresh');
    const stream = controlledSseResponse();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => stream.response),
    );
    const { result } = renderHook(() => useAskStream(), { wrapper });
    act(() => result.current.ask('Vacation?'));

    act(() => stream.send('sources', { sources: [askSource()], retrievalMs: 5 }));
    await waitFor(() => expect(result.current.sources).toHaveLength(1));
    act(() => {
      stream.send('delta', { text: 'Draft ' });
      stream.send('delta', { text: 'text' });
    });
    await waitFor(() => expect(result.current.answer).toBe('Draft text'));
    expect(result.current.status).toBe('loading');

    act(() => {
      stream.send('done', askAnswer({ answer: 'Replaced.', mode: 'extractive' }));
      stream.close();
    });
    await waitFor(() => expect(result.current.status).toBe('succeeded'));
    expect(result.current.answer).toBe('Replaced.');
    expect(result.current.result?.mode).toBe('extractive');
  });

  it('ends with the not-found answer, no sources and the closest passages as related', async () => {
    storeSession(fakeToken(), 'refresh');
    const notFound = askAnswer({
      answer: "I couldn't find anything about this in your sources.",
      found: false,
      mode: 'extractive',
      sources: [],
      related: [askSource({ number: 1, title: 'Benefits overview' })],
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        sseResponse(
          sseText([
            ['sources', { sources: [], retrievalMs: 4, searchQuery: notFound.searchQuery }],
            ['done', notFound],
          ]),
        ),
      ),
    );
    const { result } = renderHook(() => useAskStream(), { wrapper });
    act(() => result.current.ask('Parental leave?'));
    await waitFor(() => expect(result.current.status).toBe('succeeded'));
    expect(result.current.result?.found).toBe(false);
    expect(result.current.sources).toEqual([]);
    expect(result.current.result?.related.map((s) => s.title)).toEqual(['Benefits overview']);

    // A done event without the field is an answer found (what the server said before it).
    const { found: _omitted, ...withoutFound } = askAnswer();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => sseResponse(sseText([['done', withoutFound]]))),
    );
    act(() => result.current.ask('Vacation?'));
    expect(result.current.status).toBe('loading');
    await waitFor(() => expect(result.current.status).toBe('succeeded'));
    expect(result.current.result?.found).toBe(true);
  });

  it('fails with the server message on a 400', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse(400, { error: 'BAD_USER_INPUT', message: 'Ask a question first.' }),
      ),
    );
    const { result } = renderHook(() => useAskStream(), { wrapper });
    act(() => result.current.ask('?'));
    await waitFor(() => expect(result.current.status).toBe('failed'));
    expect(result.current.error).toBe('Ask a question first.');
  });

  it('fails with the generic message when the server says nothing or the network fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('oops', { status: 502 })),
    );
    const { result } = renderHook(() => useAskStream(), { wrapper });
    act(() => result.current.ask('Vacation?'));
    await waitFor(() => expect(result.current.status).toBe('failed'));
    expect(result.current.error).toBe(ASK_FAILED_MESSAGE);

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    act(() => result.current.ask('Again?'));
    expect(result.current.status).toBe('loading');
    expect(result.current.error).toBeNull();
    await waitFor(() => expect(result.current.status).toBe('failed'));
    expect(result.current.error).toBe(ASK_FAILED_MESSAGE);
  });

  it('fails with the message of an error event, and when the stream stops early', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        sseResponse(
          sseText([
            ['sources', { sources: [askSource()], retrievalMs: 1 }],
            ['error', { error: 'INTERNAL_SERVER_ERROR', message: 'The model did not answer.' }],
          ]),
        ),
      ),
    );
    const { result } = renderHook(() => useAskStream(), { wrapper });
    act(() => result.current.ask('Vacation?'));
    await waitFor(() => expect(result.current.status).toBe('failed'));
    expect(result.current.error).toBe('The model did not answer.');

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => sseResponse(sseText([['delta', { text: 'Half' }]]))),
    );
    act(() => result.current.ask('Again?'));
    await waitFor(() => expect(result.current.status).toBe('failed'));
    expect(result.current.error).toBe(ASK_FAILED_MESSAGE);
  });

  it('renews an expired token once and retries', async () => {
    storeSession(fakeToken({ exp: Math.floor(Date.now() / 1000) + 900 }), 'refresh');
    const fresh = fakeToken({ sub: 'u1', exp: Math.floor(Date.now() / 1000) + 1800 });
    const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
      if (url === '/graphql')
        return jsonResponse(200, {
          data: { refreshSession: { token: fresh, refreshToken: 'refresh2' } },
        });
      const auth = (init.headers as Record<string, string>).authorization;
      return auth === `Bearer ${fresh}`
        ? sseResponse(answerStream())
        : jsonResponse(401, { error: 'UNAUTHENTICATED', message: 'Sign in again.' });
    });
    vi.stubGlobal('fetch', fetchMock);
    const { result } = renderHook(() => useAskStream(), { wrapper });
    act(() => result.current.ask('Vacation?'));
    await waitFor(() => expect(result.current.status).toBe('succeeded'));
    expect(fetchMock.mock.calls.map((c) => c[0])).toEqual([
      '/api/ask/stream',
      '/graphql',
      '/api/ask/stream',
    ]);
  });

  it('cancels the question in flight when a new one starts, and on reset', async () => {
    const first = controlledSseResponse();
    const signals: AbortSignal[] = [];
    const fetchMock = vi
      .fn()
      .mockImplementationOnce(async (_url: string, init: RequestInit) => {
        signals.push(init.signal!);
        return first.response;
      })
      .mockImplementationOnce(async (_url: string, init: RequestInit) => {
        signals.push(init.signal!);
        return sseResponse(answerStream(askAnswer({ answer: 'Second answer.' })));
      });
    vi.stubGlobal('fetch', fetchMock);
    const { result, unmount } = renderHook(() => useAskStream(), { wrapper });
    act(() => result.current.ask('First?'));
    await waitFor(() => expect(signals).toHaveLength(1));
    act(() => result.current.ask('Second?'));
    expect(signals[0].aborted).toBe(true);
    await waitFor(() => expect(result.current.status).toBe('succeeded'));
    expect(result.current.question).toBe('Second?');
    expect(result.current.answer).toBe('Second answer.');

    act(() => result.current.reset());
    expect(result.current.status).toBe('idle');
    expect(result.current.answer).toBe('');
    unmount();
  });

  it('aborts on unmount', async () => {
    const stream = controlledSseResponse();
    let signal: AbortSignal | undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        signal = init.signal!;
        return stream.response;
      }),
    );
    const { result, unmount } = renderHook(() => useAskStream(), { wrapper });
    act(() => result.current.ask('Vacation?'));
    await waitFor(() => expect(signal).toBeDefined());
    unmount();
    expect(signal!.aborted).toBe(true);
  });

  it('ignores a blank question', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const { result } = renderHook(() => useAskStream(), { wrapper });
    act(() => result.current.ask('   '));
    expect(result.current.status).toBe('idle');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
