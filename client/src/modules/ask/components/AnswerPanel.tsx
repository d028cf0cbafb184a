import { Button, Group, Loader, Paper, Text, Title } from '@mantine/core';
import { IconMessageQuestion, IconPlus } from '@tabler/icons-react';
import { lazy, Suspense, useEffect } from 'react';
import type { UseConversation } from '../../conversations/use-conversation';

// The thread (answers, sources, votes) is only drawn once a question is asked: it is fetched
// right after the page shows instead of before, keeping the home screen's first load small.
const loadThread = () => import('../../conversations/components/MemberThread');
const MemberThread = lazy(() => loadThread().then((m) => ({ default: m.MemberThread })));

type AnswerPanelProps = Pick<UseConversation, 'turns' | 'stream' | 'loading' | 'error'> & {
  /** Starts over: the next question opens a new conversation. */
  onNewConversation: () => void;
};

/**
 * SPEC §2: the 620px 'Answer' panel, holding the conversation: earlier turns, then the answer
 * as it streams, each with its sources as links and thumbs to rate it.
 */
export function AnswerPanel({
  turns,
  stream,
  loading,
  error,
  onNewConversation,
}: AnswerPanelProps) {
  const empty = turns.length === 0 && stream.status !== 'loading' && stream.status !== 'failed';
  useEffect(() => {
    void loadThread();
  }, []);
  return (
    <Paper
      component="section"
      aria-labelledby="answer-heading"
      aria-live="polite"
      withBorder
      radius="lg"
      p="lg"
      w={620}
      maw="100%"
    >
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Title order={3} id="answer-heading" size="h4">
          Answer
        </Title>
        {!empty && (
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconPlus size={14} />}
            onClick={onNewConversation}
          >
            New conversation
          </Button>
        )}
      </Group>
      {error ? (
        <Text c="red" role="alert">
          {error}
        </Text>
      ) : loading && empty ? (
        <Group gap="xs">
          <Loader size="sm" />
          <Text c="dimmed">Loading the conversation…</Text>
        </Group>
      ) : empty ? (
        <Group gap="sm" wrap="nowrap" c="dimmed">
          <IconMessageQuestion size={22} stroke={1.5} aria-hidden style={{ flexShrink: 0 }} />
          <Text c="dimmed">
            Ask a question above. The answer comes from your team&apos;s sources, with links to the
            passages it was written from. Ask a follow-up to go on in the same conversation.
          </Text>
        </Group>
      ) : (
        <Suspense fallback={<Loader size="sm" aria-label="Loading" />}>
          <MemberThread turns={turns} stream={stream} />
        </Suspense>
      )}
    </Paper>
  );
}
