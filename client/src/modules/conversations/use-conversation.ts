import { useCallback, useMemo, useState } from 'react';
import { useConversationThreadQuery } from './graphql/conversations.generated';
import { errorMessage } from '../../shared/graphql-errors';
import { useAskStream, type AskAnswer, type UseAskStream } from '../ask/use-ask-stream';
import { mergeTurns, turnFromAnswer, turnFromServer, type ThreadTurn } from './thread';

export interface UseConversation {
  /** Answered turns, oldest first. */
  turns: ThreadTurn[];
  /** The question in flight (or the one that failed). */
  stream: UseAskStream;
  /** Asks in the conversation (without one, the answer starts one). */
  ask: (question: string, integrations?: string[]) => void;
  /** Loading the conversation's earlier turns. */
  loading: boolean;
  /** Why the conversation could not be opened. */
  error: string | null;
}

/**
 * A conversation on screen. The caller keeps its id (in the URL, say) and hears when the first
 * answer starts one; earlier turns are read from the server, and each question is sent with the
 * id so that a follow-up is answered in context.
 */
export function useConversation(
  conversationId: string | null,
  onConversation: (conversationId: string) => void,
): UseConversation {
  // Turns answered on this screen, each with the conversation it belongs to.
  const [asked, setAsked] = useState<{ conversationId: string | null; turn: ThreadTurn }[]>([]);

  const stream = useAskStream({
    onDone: (result: AskAnswer) => {
      setAsked((prev) => [
        ...prev,
        { conversationId: result.conversationId, turn: turnFromAnswer(result) },
      ]);
      if (result.conversationId && result.conversationId !== conversationId)
        onConversation(result.conversationId);
    },
  });

  const thread = useConversationThreadQuery({
    variables: { id: conversationId ?? '' },
    skip: !conversationId,
  });
  const turns = useMemo(() => {
    const loaded = conversationId
      ? (thread.data?.conversation.turns ?? []).map(turnFromServer)
      : [];
    const here = asked.filter((a) => a.conversationId === conversationId).map((a) => a.turn);
    return mergeTurns(loaded, here);
  }, [conversationId, thread.data, asked]);

  const { ask: send } = stream;
  const ask = useCallback(
    (question: string, integrations?: string[]) => send(question, integrations, conversationId),
    [send, conversationId],
  );

  return {
    turns,
    stream,
    ask,
    loading: thread.loading,
    error: thread.error ? errorMessage(thread.error) : null,
  };
}
