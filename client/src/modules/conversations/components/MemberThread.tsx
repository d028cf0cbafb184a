import { ConversationThread, type ConversationThreadProps } from './ConversationThread';
import { MemberAnswerFeedback } from './MemberAnswerFeedback';

/** A member's conversation on the ask screen: the thread, with thumbs saved over GraphQL. */
export function MemberThread(props: Omit<ConversationThreadProps, 'feedback'>) {
  return (
    <ConversationThread
      {...props}
      feedback={(turn) => <MemberAnswerFeedback turnId={turn.turnId!} initial={turn.rating} />}
    />
  );
}
