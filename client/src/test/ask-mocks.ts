import {
  PopularQuestionsDocument,
  RecentQuestionsDocument,
} from '../modules/ask/graphql/ask.generated';
import { HISTORY_SIZE } from '../modules/ask/components/QuestionHistory';
import type { AskAnswer, AskSource } from '../modules/ask/use-ask-stream';

/** A cited passage as the answer stream sends it. */
export function askSource(overrides: Partial<AskSource> = {}): AskSource {
  const number = overrides.number ?? 1;
  return {
    number,
    title: 'Employee handbook',
    url: `/app/documents/d${number}?page=3&passage=${number + 3}`,
    // The in-app viewer: a connected item's (external) url is not it.
    viewerUrl:
      overrides.url && !/^https?:/.test(overrides.url)
        ? overrides.url
        : `/app/documents/d${number}?page=3&passage=${number + 3}`,
    documentId: `d${number}`,
    sourceKind: 'file_upload',
    sourceName: 'Handbook',
    location: 'Page 3',
    excerpt: 'Employees get 25 days of paid vacation.',
    ...overrides,
  };
}

/** The stream's final `done` event. */
export function askAnswer(overrides: Partial<AskAnswer> = {}): AskAnswer {
  return {
    id: 'h1',
    conversationId: null,
    turnId: null,
    searchQuery: overrides.question ?? 'How many vacation days?',
    question: 'How many vacation days?',
    answer: 'You get 25 days [1].',
    found: true,
    mode: 'generated',
    notice: null,
    model: 'gpt-4o',
    sources: [askSource()],
    related: [],
    timings: { retrievalMs: 12, answerMs: 300, totalMs: 312 },
    ...overrides,
  };
}

/** Server-sent events as the server writes them. */
export function sseText(events: [name: string, data: unknown][]): string {
  return events.map(([name, data]) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`).join('');
}

/** A 200 event stream whose body arrives in pieces of `chunkBytes` (splitting lines and characters). */
export function sseResponse(text: string, chunkBytes = 7): Response {
  const bytes = new TextEncoder().encode(text);
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let i = 0; i < bytes.length; i += chunkBytes)
        controller.enqueue(bytes.slice(i, i + chunkBytes));
      controller.close();
    },
  });
  return new Response(stream, {
    status: 200,
    headers: { 'content-type': 'text/event-stream' },
  });
}

/** An event stream the test writes to as it goes, to see the states in between. */
export function controlledSseResponse() {
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const stream = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  return {
    response: new Response(stream, {
      status: 200,
      headers: { 'content-type': 'text/event-stream' },
    }),
    send: (name: string, data: unknown) =>
      controller.enqueue(encoder.encode(sseText([[name, data]]))),
    close: () => controller.close(),
  };
}

/** The whole happy path: sources, two pieces of a draft, then the final answer. */
export function answerStream(answer: AskAnswer = askAnswer()): string {
  return sseText([
    ['sources', { sources: answer.sources, retrievalMs: answer.timings.retrievalMs }],
    ['delta', { text: 'You get ' }],
    ['delta', { text: '25 days' }],
    ['done', answer],
  ]);
}

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/** RecentQuestions as the dashboard asks for it. */
export function recentQuestionsMock(questions: string[], extra: { maxUsageCount?: number } = {}) {
  return {
    request: { query: RecentQuestionsDocument, variables: { first: HISTORY_SIZE } },
    result: {
      data: {
        recentQuestions: questions.map((question, i) => ({
          __typename: 'RecentQuestion' as const,
          question,
          kind: 'ask',
          askedAt: new Date(Date.UTC(2024, 2, 10 - i)).toISOString(),
        })),
      },
    },
    ...extra,
  };
}

/** PopularQuestions as the dashboard asks for it. */
export function popularQuestionsMock(
  questions: [question: string, count: number][],
  extra: { maxUsageCount?: number } = {},
) {
  return {
    request: { query: PopularQuestionsDocument, variables: { first: HISTORY_SIZE } },
    result: {
      data: {
        popularQuestions: questions.map(([question, count]) => ({
          __typename: 'PopularQuestion' as const,
          question,
          count,
          lastAskedAt: '2024-03-10T12:00:00.000Z',
        })),
      },
    },
    ...extra,
  };
}
