import type { RateAnswerInput } from '../graphql/types';
import {
  ConversationThreadDocument,
  RateAnswerDocument,
  type ConversationTurnFieldsFragment,
} from '../modules/conversations/graphql/conversations.generated';
import { askSource } from './ask-mocks';

/** A turn as the ConversationThread query returns it. */
export function serverTurn(
  overrides: Partial<ConversationTurnFieldsFragment> = {},
): ConversationTurnFieldsFragment & { __typename: 'ConversationTurn' } {
  return {
    __typename: 'ConversationTurn',
    id: 't1',
    ordinal: 1,
    question: 'How many vacation days?',
    searchQuery: 'How many vacation days?',
    answer: 'You get 25 days [1].',
    found: true,
    mode: 'generated',
    notice: null,
    sources: [{ __typename: 'AskSource', ...askSource() } as never],
    myRating: null,
    ...overrides,
  };
}

/** ConversationThread for one conversation. */
export function conversationThreadMock(
  id: string,
  turns: ConversationTurnFieldsFragment[],
  extra: { maxUsageCount?: number; botId?: string | null; botName?: string | null } = {},
) {
  return {
    request: { query: ConversationThreadDocument, variables: { id } },
    result: {
      data: {
        conversation: {
          __typename: 'ConversationThread' as const,
          conversation: {
            __typename: 'Conversation' as const,
            id,
            title: turns[0]?.question ?? 'Conversation',
            botId: extra.botId ?? null,
            botName: extra.botName ?? null,
          },
          turns,
        },
      },
    },
    maxUsageCount: extra.maxUsageCount,
  };
}

/** RateAnswer answering with the vote sent; `onCall` sees the variables. */
export function rateAnswerMock(input: RateAnswerInput, onCall?: () => void) {
  return {
    request: { query: RateAnswerDocument, variables: { input } },
    result: () => {
      onCall?.();
      return {
        data: {
          rateAnswer: {
            __typename: 'AnswerRating' as const,
            turnId: input.turnId,
            vote: input.vote,
            reason: input.reason ?? null,
            comment: input.comment ?? null,
          },
        },
      };
    },
  };
}
