import { useApolloClient } from '@apollo/client/react';
import {
  Alert,
  Button,
  Group,
  Loader,
  Paper,
  ScrollArea,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconMessageChatbot, IconPlus, IconSend } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useAskBotMutation, type AskBotMutation } from '../graphql/bots.generated';
import { useConversationThreadQuery } from '../../conversations/graphql/conversations.generated';
import { errorMessage } from '../../../shared/graphql-errors';
import { AnswerView } from '../../ask/components/AnswerView';
import { MightBeRelated } from '../../ask/components/MightBeRelated';
import { SourceList } from '../../ask/components/SourceList';
import { MemberAnswerFeedback } from '../../conversations/components/MemberAnswerFeedback';
import { SearchedFor } from '../../conversations/components/SearchedFor';
import { turnFromServer, type AnswerRating } from '../../conversations/thread';
import { extractiveLabel } from '../fallback-labels';
import classes from './BotChat.module.css';
import { ANSWER_DEPENDENT_QUERIES, refetchActive } from './refetch-active';

type Answer = Pick<
  AskBotMutation['askBot'],
  'turnId' | 'searchQuery' | 'answer' | 'mode' | 'notice' | 'sources' | 'related'
> & {
  /** False: the bot's sources do not say. Null: not known (a turn of a resumed conversation). */
  found: boolean | null;
};

interface Turn {
  key: string;
  question: string;
  answer: Answer | null;
  error: string | null;
  /** The vote given before (a resumed conversation). */
  rating?: AnswerRating | null;
}

/** The URL parameter naming the conversation to resume (History links here with it). */
const CONVERSATION_PARAM = 'conversation';

interface BotChatProps {
  botId: string;
  botName: string;
  /** The bot's language code: the extractive label is written in it. */
  language: string;
}

/**
 * Ask the bot: a conversation of questions and answers, cited from the bot's sources only; a
 * follow-up is answered in the context of the turns before it. `?conversation=` resumes one.
 */
export function BotChat({ botId, botName, language }: BotChatProps) {
  const client = useApolloClient();
  const [askBot, { loading }] = useAskBotMutation();
  const [params, setParams] = useSearchParams();
  const resumeId = params.get(CONVERSATION_PARAM);
  const [conversationId, setConversationId] = useState<string | null>(resumeId);
  const [turns, setTurns] = useState<Turn[]>([]);
  const [draft, setDraft] = useState('');
  const nextKey = useRef(0);
  const end = useRef<HTMLDivElement>(null);
  const thread = useConversationThreadQuery({
    variables: { id: resumeId ?? '' },
    skip: !resumeId || conversationId !== resumeId,
  });
  const resumed = useMemo<Turn[]>(
    () =>
      conversationId && conversationId === resumeId
        ? (thread.data?.conversation.turns ?? []).map((t) => {
            const turn = turnFromServer(t);
            return {
              key: t.id,
              question: turn.question,
              answer: { ...turn, mode: turn.mode },
              error: null,
              rating: turn.rating,
            };
          })
        : [],
    [conversationId, resumeId, thread.data],
  );
  const shown = [...resumed, ...turns];

  useEffect(() => {
    end.current?.scrollIntoView({ block: 'nearest' });
  }, [turns, resumed]);

  const newConversation = () => {
    setConversationId(null);
    setTurns([]);
    if (resumeId)
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          next.delete(CONVERSATION_PARAM);
          return next;
        },
        { replace: true },
      );
  };

  const ask = async (question: string, retryKey?: string) => {
    const text = question.trim();
    if (!text || loading) return;
    const key = retryKey ?? `asked-${nextKey.current++}`;
    const turn: Turn = { key, question: text, answer: null, error: null };
    setTurns((all) =>
      retryKey === undefined ? [...all, turn] : all.map((t) => (t.key === key ? turn : t)),
    );
    const settle = (patch: Partial<Turn>) =>
      setTurns((all) => all.map((t) => (t.key === key ? { ...t, ...patch } : t)));
    try {
      const { data } = await askBot({ variables: { botId, question: text, conversationId } });
      if (!data) throw new Error('No answer');
      settle({ answer: data.askBot });
      if (data.askBot.conversationId) setConversationId(data.askBot.conversationId);
      refetchActive(client, ANSWER_DEPENDENT_QUERIES);
    } catch (error) {
      settle({ error: errorMessage(error) });
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = draft;
    if (!text.trim() || loading) return;
    setDraft('');
    void ask(text);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) submit(event);
  };

  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="bot-chat-title">
      <Stack gap="md">
        {/* A long bot name wraps, and the button goes under it rather than being cut. */}
        <Group gap="xs" justify="space-between" wrap="wrap" style={{ rowGap: 4 }}>
          <Group
            gap="xs"
            wrap="nowrap"
            align="flex-start"
            style={{ flex: '1 1 180px', minWidth: 0 }}
          >
            <IconMessageChatbot size={20} stroke={1.7} aria-hidden style={{ flexShrink: 0 }} />
            <Title order={3} size="h5" id="bot-chat-title" style={{ overflowWrap: 'anywhere' }}>
              Chat with {botName}
            </Title>
          </Group>
          {shown.length > 0 && (
            <Button
              variant="subtle"
              size="compact-sm"
              leftSection={<IconPlus size={14} />}
              onClick={newConversation}
              disabled={loading}
              style={{ flexShrink: 0 }}
            >
              New conversation
            </Button>
          )}
        </Group>
        <ScrollArea.Autosize mah={560} type="auto" offsetScrollbars>
          <Stack gap="lg" aria-live="polite">
            {thread.error && (
              <Text size="sm" c="red" role="alert">
                {errorMessage(thread.error)}
              </Text>
            )}
            {thread.loading && (
              <Group gap="xs">
                <Loader size="xs" />
                <Text size="sm" c="dimmed">
                  Loading the conversation…
                </Text>
              </Group>
            )}
            {shown.length === 0 && !thread.loading && (
              <Text size="sm" c="dimmed">
                Ask a question to see how the bot answers from its sources. Each answer cites the
                passages it used; ask a follow-up to go on in the same conversation.
              </Text>
            )}
            {shown.map((turn) => (
              <TurnView
                key={turn.key}
                turn={turn}
                language={language}
                onRetry={() => void ask(turn.question, turn.key)}
              />
            ))}
            <div ref={end} />
          </Stack>
        </ScrollArea.Autosize>
        <form onSubmit={submit}>
          <Stack gap="xs">
            <Textarea
              aria-label={`Ask ${botName}`}
              placeholder={shown.length > 0 ? 'Ask a follow-up...' : 'Ask me anything...'}
              autosize
              minRows={2}
              maxRows={6}
              value={draft}
              onChange={(e) => setDraft(e.currentTarget.value)}
              onKeyDown={onKeyDown}
            />
            <Group justify="space-between">
              <Text size="xs" c="dimmed">
                Enter sends · Shift+Enter for a new line
              </Text>
              <Button
                type="submit"
                leftSection={<IconSend size={16} />}
                loading={loading}
                disabled={!draft.trim()}
              >
                Ask
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </Paper>
  );
}

function TurnView({
  turn,
  language,
  onRetry,
}: {
  turn: Turn;
  language: string;
  onRetry: () => void;
}) {
  const { answer, error } = turn;
  return (
    <Stack gap="xs" component="article" aria-label={turn.question}>
      <Text className={classes.question}>{turn.question}</Text>
      {!answer && !error && (
        <Group gap="xs">
          <Loader size="xs" />
          <Text size="sm" c="dimmed">
            Loading...
          </Text>
        </Group>
      )}
      {error && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} p="sm" role="alert">
          <Text size="sm" mb={6}>
            {error}
          </Text>
          <Button size="compact-xs" variant="light" color="red" onClick={onRetry}>
            Try again
          </Button>
        </Alert>
      )}
      {answer && <SearchedFor question={turn.question} searchQuery={answer.searchQuery} />}
      {answer && (
        <Stack gap="sm" className={classes.answer}>
          <AnswerView
            answer={answer.answer}
            sources={answer.sources}
            mode={answer.mode === 'extractive' ? 'extractive' : 'generated'}
            found={answer.found}
            notice={answer.notice}
            extractiveLabel={extractiveLabel(language, 'member')}
          />
          {answer.found === false ? (
            <MightBeRelated passages={answer.related} />
          ) : (
            <SourceList sources={answer.sources} variant="chips" />
          )}
          {answer.turnId && (
            <MemberAnswerFeedback turnId={answer.turnId} initial={turn.rating ?? null} />
          )}
        </Stack>
      )}
    </Stack>
  );
}
