import {
  useRateAnswerMutation,
  useRemoveAnswerRatingMutation,
} from '../graphql/conversations.generated';
import { errorMessage } from '../../../shared/graphql-errors';
import type { AnswerRating } from '../thread';
import { AnswerFeedback } from './AnswerFeedback';

/** A member's vote on one of their answers, saved over GraphQL. */
export function MemberAnswerFeedback({
  turnId,
  initial,
}: {
  turnId: string;
  initial: AnswerRating | null;
}) {
  const [rate] = useRateAnswerMutation();
  const [remove] = useRemoveAnswerRatingMutation();
  const rethrow = (error: unknown): never => {
    throw new Error(errorMessage(error));
  };
  return (
    <AnswerFeedback
      initial={initial}
      onRate={async (rating) => {
        await rate({ variables: { input: { turnId, ...rating } } }).catch(rethrow);
      }}
      onClear={async () => {
        await remove({ variables: { turnId } }).catch(rethrow);
      }}
    />
  );
}
