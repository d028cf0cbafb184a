import { GraphQLError } from 'graphql';
import type { BotInput, ProviderKeyStatus } from '../graphql/types';
import {
  AskBotDocument,
  AttachBotSourceDocument,
  BotDocument,
  BotLogsDocument,
  BotReportDocument,
  DeleteBotDocument,
  DetachBotSourceDocument,
  UpdateBotDocument,
  type AskBotMutation,
  type BotFieldsFragment,
  type BotLogsQuery,
  type BotReportQuery,
  type BotSourceFieldsFragment,
} from '../modules/bots/graphql/bots.generated';
import { BotDetailPage } from '../pages/app/BotDetailPage';
import { renderRoutes, type RenderOptions } from './render';

type Extra = { maxUsageCount?: number; delay?: number };

export function botFields(
  overrides: Partial<BotFieldsFragment> = {},
): BotFieldsFragment & { __typename: 'Bot' } {
  return {
    __typename: 'Bot' as const,
    id: 'b1',
    name: 'HR helper',
    description: 'Answers questions about holidays and expenses.',
    privacy: 'public',
    model: 'gpt4o',
    language: 'ja',
    ownerId: 'u1',
    createdAt: '2024-03-01T12:00:00.000Z',
    updatedAt: '2024-03-01T12:00:00.000Z',
    canManage: true,
    sharePath: '/chat/share-token-123',
    shareEnabled: true,
    ...overrides,
  };
}

export function botSource(overrides: Partial<BotSourceFieldsFragment> = {}) {
  return {
    __typename: 'BotSource' as const,
    id: 'a1',
    kind: 'source',
    sourceId: 's1',
    documentId: null,
    title: 'Handbook',
    documentCount: 3,
    ...overrides,
  };
}

/** The Bot query's answer; the key the bot answers on works unless `providerStatus` says not. */
export function botMock(
  bot: ReturnType<typeof botFields> & { providerStatus?: ProviderKeyStatus | null } = botFields(),
  sources: BotSourceFieldsFragment[] = [botSource()],
  extra: Extra = {},
) {
  return {
    request: { query: BotDocument, variables: { id: bot.id } },
    result: {
      data: {
        bot: { providerStatus: 'OK', ...bot },
        botSources: sources.map((s) => ({ __typename: 'BotSource', ...s })),
      },
    },
    ...extra,
  };
}

export function gqlError(message: string, code: string, field?: string) {
  return new GraphQLError(message, { extensions: { code, ...(field ? { field } : {}) } });
}

export function botErrorMock(id: string, message: string, code: string) {
  return {
    request: { query: BotDocument, variables: { id } },
    result: { errors: [gqlError(message, code)] },
  };
}

export function updateBotMock(
  id: string,
  input: BotInput,
  answer: { bot: BotFieldsFragment } | { error: GraphQLError },
  onCall?: () => void,
) {
  return {
    request: { query: UpdateBotDocument, variables: { id, input } },
    result: () => {
      onCall?.();
      return 'bot' in answer
        ? { data: { updateBot: { __typename: 'Bot', ...answer.bot } } }
        : { errors: [answer.error] };
    },
  };
}

export function attachMock(
  variables: { botId: string; sourceId?: string; documentId?: string },
  attached: BotSourceFieldsFragment,
  onCall?: () => void,
) {
  return {
    request: { query: AttachBotSourceDocument, variables },
    result: () => {
      onCall?.();
      return { data: { attachBotSource: { __typename: 'BotSource', ...attached } } };
    },
  };
}

export function detachMock(botId: string, id: string, onCall?: () => void) {
  return {
    request: { query: DetachBotSourceDocument, variables: { botId, id } },
    result: () => {
      onCall?.();
      return { data: { detachBotSource: true } };
    },
  };
}

type AskResult = AskBotMutation['askBot'];

export function askBotResult(overrides: Partial<AskResult> = {}): AskResult {
  return {
    id: null,
    conversationId: null,
    turnId: null,
    searchQuery: overrides.question ?? 'How many vacation days?',
    question: 'How many vacation days?',
    answer: 'You get 25 days [1].',
    found: true,
    mode: 'generated',
    notice: null,
    providerState: 'ok',
    model: 'gpt-4o',
    sources: [
      {
        number: 1,
        title: 'Employee handbook',
        url: '/app/documents/d1?page=3&passage=4',
        viewerUrl: '/app/documents/d1?page=3&passage=4',
        documentId: 'd1',
        sourceKind: 'file_upload',
        sourceName: 'Handbook',
        location: 'Page 3',
        excerpt: 'Employees get 25 days of paid vacation.',
      },
    ],
    related: [],
    timings: { retrievalMs: 10, answerMs: 200, totalMs: 210 },
    ...overrides,
  };
}

export function askBotMock(
  botId: string,
  question: string,
  answer: AskResult | GraphQLError,
  { conversationId = null, ...extra }: Extra & { conversationId?: string | null } = {},
) {
  return {
    request: { query: AskBotDocument, variables: { botId, question, conversationId } },
    result:
      answer instanceof GraphQLError
        ? { errors: [answer] }
        : {
            data: {
              askBot: {
                __typename: 'AskResult',
                ...answer,
                sources: answer.sources.map((s) => ({ __typename: 'AskSource', ...s })),
                related: answer.related.map((s) => ({ __typename: 'AskSource', ...s })),
                timings: { __typename: 'AskTimings', ...answer.timings },
              },
            },
          },
    ...extra,
  };
}

type LogEntry = BotLogsQuery['botLogs']['nodes'][number];

export function logEntry(overrides: Partial<LogEntry> = {}): LogEntry {
  return {
    id: 'l1',
    question: 'How many vacation days?',
    answer: 'You get 25 days [1].',
    mode: 'generated',
    fromSources: true,
    latencyMs: 850,
    askedBy: 'Ada Lovelace',
    origin: 'web',
    createdAt: '2024-03-10T09:30:00.000Z',
    sources: [{ title: 'Employee handbook', url: '/app/documents/d1?page=3&passage=4' }],
    feedback: null,
    ...overrides,
  };
}

export function botLogsMock(
  botId: string,
  after: string | null,
  page: { total: number; hasMore: boolean; endCursor: string | null; entries: LogEntry[] },
  extra: Extra & { onCall?: () => void } = {},
) {
  const { onCall, ...rest } = extra;
  return {
    request: {
      query: BotLogsDocument,
      variables: after ? { botId, first: 20, after } : { botId, first: 20 },
    },
    result: () => {
      onCall?.();
      return {
        data: {
          botLogs: {
            __typename: 'BotLogConnection',
            totalCount: page.total,
            pageInfo: {
              __typename: 'PageInfo',
              hasNextPage: page.hasMore,
              endCursor: page.endCursor,
            },
            nodes: page.entries.map((e) => ({
              __typename: 'BotLogEntry',
              ...e,
              sources: e.sources.map((s) => ({ __typename: 'BotLogSource', ...s })),
              feedback: e.feedback ? { __typename: 'BotLogFeedback', ...e.feedback } : null,
            })),
          },
        },
      };
    },
    ...rest,
  };
}

type Report = BotReportQuery['botReport'];
type Feedback = Report['feedback'];

/** A bot's (or the workspace's) feedback report with no votes, to override in a test. */
export function feedbackReport(overrides: Partial<Feedback> = {}): Feedback {
  return {
    up: 0,
    down: 0,
    downRate: null,
    answersByOrigin: [],
    perDay: [],
    worstQuestions: [],
    recentComments: [],
    ...overrides,
  };
}

/** The report as the server answers it, with the type names Apollo's cache expects. */
export function feedbackReportResult(feedback: Feedback) {
  return {
    __typename: 'FeedbackReport',
    ...feedback,
    answersByOrigin: feedback.answersByOrigin.map((o) => ({ __typename: 'OriginCount', ...o })),
    perDay: feedback.perDay.map((d) => ({ __typename: 'FeedbackDay', ...d })),
    worstQuestions: feedback.worstQuestions.map((q) => ({ __typename: 'FeedbackQuestion', ...q })),
    recentComments: feedback.recentComments.map((c) => ({ __typename: 'FeedbackComment', ...c })),
  };
}

/** One content gap as the server answers it. */
export function contentGapResult(gap: Report['contentGaps'][number]) {
  return { __typename: 'ContentGap' as const, ...gap };
}

/** A bot's report; without `feedback`, nobody voted; without `contentGaps`, none. */
export function botReportMock(
  botId: string,
  report: Omit<Report, 'feedback' | 'contentGaps'> & {
    feedback?: Feedback;
    contentGaps?: Report['contentGaps'][number][];
  },
  days = 30,
  extra: Extra = {},
) {
  return {
    request: { query: BotReportDocument, variables: { botId, days } },
    result: {
      data: {
        botReport: {
          __typename: 'BotReport',
          ...report,
          perDay: report.perDay.map((d) => ({ __typename: 'BotDay', ...d })),
          topSources: report.topSources.map((s) => ({ __typename: 'BotTopSource', ...s })),
          feedback: feedbackReportResult(report.feedback ?? feedbackReport()),
          contentGaps: (report.contentGaps ?? []).map(contentGapResult),
        },
      },
    },
    ...extra,
  };
}

export function deleteBotMock(id: string, onCall?: () => void) {
  return {
    request: { query: DeleteBotDocument, variables: { id } },
    result: () => {
      onCall?.();
      return { data: { deleteBot: true } };
    },
  };
}

/** The bot page at `path` (e.g. '/app/bots/b1?tab=logs'), with the list route to land on. */
export function renderBotPage(path: string, mocks: RenderOptions['mocks']) {
  return renderRoutes(
    [
      { path: '/app/bots/:botId', element: <BotDetailPage /> },
      { path: '/app/bots', element: <p>Bots list</p> },
      { path: '/app/documents/:documentId', element: <p>Document page</p> },
    ],
    path,
    mocks,
  );
}
