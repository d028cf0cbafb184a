import type {
  AnswerRatingFieldsFragment,
  ConversationTurnFieldsFragment,
} from './graphql/conversations.generated';
import type { AskAnswer, AskSource } from '../ask/use-ask-stream';

export type AnswerRating = Pick<AnswerRatingFieldsFragment, 'vote' | 'reason' | 'comment'>;

/** One answered question of a conversation, as the thread shows it. */
export interface ThreadTurn {
  /** Null when the server kept no turn (nothing to vote on). */
  turnId: string | null;
  question: string;
  searchQuery: string;
  answer: string;
  /**
   * False: the sources do not say (the not-found answer, with the closest passages in `related`).
   * Null when unknown: a turn read back from the server does not carry it, and a turn without
   * sources is not necessarily one (an answer withheld, an older answer citing nothing).
   */
  found: boolean | null;
  mode: 'generated' | 'extractive';
  notice: string | null;
  sources: AskSource[];
  /**
   * Found but not cited, or for a not-found answer the closest passages (only for answers given
   * on this screen; a resumed turn keeps its sources).
   */
  related: AskSource[];
  rating: AnswerRating | null;
}

export function turnFromAnswer(answer: AskAnswer): ThreadTurn {
  return {
    turnId: answer.turnId,
    question: answer.question,
    searchQuery: answer.searchQuery,
    answer: answer.answer,
    found: answer.found,
    mode: answer.mode,
    notice: answer.notice,
    sources: answer.sources,
    related: answer.related,
    rating: null,
  };
}

export function turnFromServer(turn: ConversationTurnFieldsFragment): ThreadTurn {
  return {
    turnId: turn.id,
    question: turn.question,
    searchQuery: turn.searchQuery,
    answer: turn.answer,
    found: turn.found,
    mode: turn.mode === 'extractive' ? 'extractive' : 'generated',
    notice: turn.notice,
    sources: turn.sources,
    related: [],
    rating: turn.myRating
      ? { vote: turn.myRating.vote, reason: turn.myRating.reason, comment: turn.myRating.comment }
      : null,
  };
}

/**
 * Turns loaded from the server, then those asked since. A turn in both is shown once, as loaded
 * but with what only the answer given on this screen knows: whether it was found, and related.
 */
export function mergeTurns(loaded: ThreadTurn[], asked: ThreadTurn[]): ThreadTurn[] {
  const answered = new Map(asked.filter((t) => t.turnId !== null).map((t) => [t.turnId, t]));
  const known = new Set(loaded.map((t) => t.turnId));
  return [
    ...loaded.map((t) => {
      const here = answered.get(t.turnId);
      return here ? { ...t, found: here.found ?? t.found, related: here.related } : t;
    }),
    ...asked.filter((t) => t.turnId === null || !known.has(t.turnId)),
  ];
}

/** Whether to show what was searched: only when it differs from what was asked. */
export function searchedFor(question: string, searchQuery: string | null): string | null {
  if (!searchQuery) return null;
  return searchQuery.trim() === question.trim() ? null : searchQuery;
}
