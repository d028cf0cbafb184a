import {
  Box,
  Button,
  Container,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconLinkOff, IconSend } from '@tabler/icons-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useParams } from 'react-router-dom';
import { BotAvatar } from '../modules/bots/components/BotAvatar';
import { ChatTurn, type Turn } from '../modules/bots/public-chat/ChatTurn';
import { AnswerFeedback } from '../modules/conversations/components/AnswerFeedback';
import {
  askPublicBot,
  ratePublicAnswer,
  fetchPublicBot,
  publicChatErrorMessage,
  type PublicBot,
} from '../modules/bots/public-chat/public-chat-api';
import classes from '../modules/bots/public-chat/PublicChat.module.css';
import { ColorSchemeToggle } from '../shared/ColorSchemeToggle';
import { LumenLogo } from '../shared/LumenLogo';

/** The server's question limit (server/src/modules/search/search-input.ts). */
const QUESTION_MAX = 1000;

type BotState =
  { status: 'loading' } | { status: 'ready'; bot: PublicBot } | { status: 'failed'; error: string };

/**
 * /chat/:token, public: anyone with a public bot's share link can ask it questions. No sign-in;
 * the bot answers from its sources on its owner's key, and the visitor sees source titles only.
 */
export function PublicChatPage() {
  const { token = '' } = useParams();
  const [state, setState] = useState<BotState>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    fetchPublicBot(token, controller.signal).then(
      (bot) => setState({ status: 'ready', bot }),
      (error: unknown) => {
        if (!controller.signal.aborted) {
          setState({ status: 'failed', error: publicChatErrorMessage(error) });
        }
      },
    );
    return () => controller.abort();
  }, [token]);

  const botName = state.status === 'ready' ? state.bot.name : null;
  useEffect(() => {
    if (!botName) return;
    const previous = document.title;
    document.title = `${botName} · Lumen`;
    return () => {
      document.title = previous;
    };
  }, [botName]);

  return (
    <Box className={classes.root}>
      <Container size="lg" w="100%" py="md">
        <Group justify="space-between">
          <LumenLogo />
          <ColorSchemeToggle />
        </Group>
      </Container>
      <Container component="main" size={720} w="100%" py={{ base: 'md', sm: 32 }} px="md">
        <Paper
          className={classes.card}
          withBorder
          shadow="md"
          radius="lg"
          p={{ base: 'lg', sm: 32 }}
        >
          {state.status === 'loading' && (
            <Group justify="center" py="xl" role="status" aria-label="Loading the bot">
              <Loader size="sm" />
            </Group>
          )}
          {state.status === 'failed' && <Unavailable message={state.error} />}
          {state.status === 'ready' && <Chat token={token} bot={state.bot} />}
        </Paper>
        <Text ta="center" size="sm" c="dimmed" mt="lg">
          Answers come only from this bot&apos;s sources and can be incomplete. Powered by Lumen.
        </Text>
      </Container>
    </Box>
  );
}

function Unavailable({ message }: { message: string }) {
  return (
    <Stack align="center" ta="center" gap="sm" py="lg">
      <ThemeIcon variant="light" color="gray" size={56} radius="xl">
        <IconLinkOff size={28} stroke={1.5} />
      </ThemeIcon>
      <Title order={1} fz={24}>
        Chat unavailable
      </Title>
      <Text c="dimmed" role="alert">
        {message}
      </Text>
    </Stack>
  );
}

function Chat({ token, bot }: { token: string; bot: PublicBot }) {
  const [turns, setTurns] = useState<Turn[]>([]);
  const [draft, setDraft] = useState('');
  // The thread's id from the first answer: follow-ups are answered in its context.
  const conversationId = useRef<string | null>(null);
  const nextId = useRef(1);
  const lastTurn = useRef<HTMLDivElement>(null);
  const asking = turns.some((t) => t.status === 'pending');

  // Keep the newest question and its answer in view.
  useEffect(() => {
    lastTurn.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [turns]);

  const ask = async (event: FormEvent) => {
    event.preventDefault();
    const question = draft.trim();
    if (!question || asking) return;
    const id = nextId.current++;
    setTurns((all) => [...all, { id, question, status: 'pending' }]);
    setDraft('');
    let settled: Turn;
    try {
      const result = await askPublicBot(token, question, conversationId.current);
      conversationId.current = result.conversationId ?? conversationId.current;
      settled = { id, question, status: 'answered', result };
    } catch (error) {
      settled = { id, question, status: 'failed', error: publicChatErrorMessage(error) };
    }
    setTurns((all) => all.map((t) => (t.id === id ? settled : t)));
  };

  return (
    <Stack gap="lg">
      <Group gap="md" wrap="nowrap" align="flex-start">
        <BotAvatar id={token} name={bot.name} size="lg" />
        <div style={{ minWidth: 0 }}>
          <Title order={1} fz={{ base: 22, sm: 26 }} lh={1.25}>
            {bot.name}
          </Title>
          {bot.description && (
            <Text c="dimmed" mt={4} style={{ whiteSpace: 'pre-wrap' }}>
              {bot.description}
            </Text>
          )}
        </div>
      </Group>
      <Stack gap="xl" aria-live="polite" aria-label="Conversation" role="log">
        {turns.length === 0 && (
          <Text c="dimmed" size="sm">
            Ask a question and the bot answers from the documents it was given, with the sources it
            used.
          </Text>
        )}
        {turns.map((turn, i) => (
          <div key={turn.id} ref={i === turns.length - 1 ? lastTurn : undefined}>
            <ChatTurn
              turn={turn}
              language={bot.language}
              feedback={
                turn.status === 'answered' && turn.result.turnId ? (
                  <AnswerFeedback
                    initial={null}
                    onRate={(rating) =>
                      ratePublicAnswer(token, {
                        turnId: turn.result.turnId!,
                        vote: rating.vote === 'UP' ? 'up' : 'down',
                        reason: rating.reason?.toLowerCase() ?? null,
                        comment: rating.comment,
                      }).catch((error: unknown) => {
                        throw new Error(publicChatErrorMessage(error));
                      })
                    }
                  />
                ) : null
              }
            />
          </div>
        ))}
      </Stack>
      <form onSubmit={(event) => void ask(event)} aria-label={`Ask ${bot.name}`}>
        <Group gap="sm" align="flex-start" wrap="nowrap">
          <TextInput
            aria-label="Your question"
            placeholder="Ask me anything..."
            value={draft}
            onChange={(event) => setDraft(event.currentTarget.value)}
            maxLength={QUESTION_MAX}
            autoComplete="off"
            autoFocus
            style={{ flex: 1 }}
            size="md"
            radius="md"
          />
          <Button
            type="submit"
            size="md"
            radius="md"
            loading={asking}
            disabled={!draft.trim()}
            rightSection={<IconSend size={16} />}
          >
            Ask
          </Button>
        </Group>
      </form>
    </Stack>
  );
}
