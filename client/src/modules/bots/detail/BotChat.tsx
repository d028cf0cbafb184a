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
import { IconAlertCircle, IconMessageChatbot, IconSend } from '@tabler/icons-react';
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useAskBotMutation, type AskBotMutation } from '../../../graphql/generated';
import { errorMessage } from '../../../shared/graphql-errors';
import { AnswerView } from '../../ask/components/AnswerView';
import { SourceList } from '../../ask/components/SourceList';
import classes from './BotChat.module.css';
import { ANSWER_DEPENDENT_QUERIES, refetchActive } from './refetch-active';

type Answer = AskBotMutation['askBot'];

interface Turn {
  key: number;
  question: string;
  answer: Answer | null;
  error: string | null;
}

interface BotChatProps {
  botId: string;
  botName: string;
}

/** Ask the bot: each question and its answer, cited from the bot's sources only. */
export function BotChat({ botId, botName }: BotChatProps) {
  const client = useApolloClient();
  const [askBot, { loading }] = useAskBotMutation();
  const [turns, setTurns] = useState<Turn[]>([]);
  const [draft, setDraft] = useState('');
  const nextKey = useRef(0);
  const end = useRef<HTMLDivElement>(null);

  useEffect(() => {
    end.current?.scrollIntoView({ block: 'nearest' });
  }, [turns]);

  const ask = async (question: string, retryKey?: number) => {
    const text = question.trim();
    if (!text || loading) return;
    const key = retryKey ?? nextKey.current++;
    const turn: Turn = { key, question: text, answer: null, error: null };
    setTurns((all) =>
      retryKey === undefined ? [...all, turn] : all.map((t) => (t.key === key ? turn : t)),
    );
    const settle = (patch: Partial<Turn>) =>
      setTurns((all) => all.map((t) => (t.key === key ? { ...t, ...patch } : t)));
    try {
      const { data } = await askBot({ variables: { botId, question: text } });
      if (!data) throw new Error('No answer');
      settle({ answer: data.askBot });
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
        <Group gap="xs">
          <IconMessageChatbot size={20} stroke={1.7} aria-hidden />
          <Title order={3} size="h5" id="bot-chat-title">
            Chat with {botName}
          </Title>
        </Group>
        <ScrollArea.Autosize mah={560} type="auto" offsetScrollbars>
          <Stack gap="lg" aria-live="polite">
            {turns.length === 0 && (
              <Text size="sm" c="dimmed">
                Ask a question to see how the bot answers from its sources. Each answer cites the
                passages it used.
              </Text>
            )}
            {turns.map((turn) => (
              <TurnView
                key={turn.key}
                turn={turn}
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
              placeholder="Ask me anything..."
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

function TurnView({ turn, onRetry }: { turn: Turn; onRetry: () => void }) {
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
      {answer && (
        <Stack gap="sm" className={classes.answer}>
          <AnswerView
            answer={answer.answer}
            sources={answer.sources}
            mode={answer.mode === 'extractive' ? 'extractive' : 'generated'}
            notice={answer.notice}
          />
          <SourceList sources={answer.sources} variant="chips" />
        </Stack>
      )}
    </Stack>
  );
}
