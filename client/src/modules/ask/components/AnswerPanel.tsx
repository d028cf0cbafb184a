import { Alert, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconMessageQuestion } from '@tabler/icons-react';
import type { UseAskStream } from '../use-ask-stream';
import { AnswerView } from './AnswerView';
import { SourceList } from './SourceList';

type AnswerPanelProps = Pick<
  UseAskStream,
  'status' | 'question' | 'answer' | 'sources' | 'result' | 'error'
>;

/** SPEC §2: the 620px 'Answer' panel: the answer as it streams, then its sources as links. */
export function AnswerPanel({
  status,
  question,
  answer,
  sources,
  result,
  error,
}: AnswerPanelProps) {
  const streaming = status === 'loading';
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
      <Title order={3} id="answer-heading" size="h4" mb="sm">
        Answer
      </Title>
      {status === 'idle' ? (
        <Group gap="sm" wrap="nowrap" c="dimmed">
          <IconMessageQuestion size={22} stroke={1.5} aria-hidden style={{ flexShrink: 0 }} />
          <Text c="dimmed">
            Ask a question above. The answer comes from your team&apos;s sources, with links to the
            passages it was written from.
          </Text>
        </Group>
      ) : (
        <Stack gap="md">
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {question}
          </Text>
          {status === 'failed' && (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
              Error: {error}
            </Alert>
          )}
          {streaming && !answer && (
            <Group gap="xs">
              <Loader size="sm" />
              <Text c="dimmed">Loading...</Text>
            </Group>
          )}
          {answer && status !== 'failed' && (
            <AnswerView
              answer={answer}
              sources={sources}
              mode={result?.mode}
              notice={result?.notice}
              streaming={streaming}
            />
          )}
          {sources.length > 0 && status !== 'failed' && (
            <Stack gap="xs" component="section" aria-label="Sources">
              <Text size="xs" c="dimmed" fw={700} tt="uppercase">
                Sources
              </Text>
              <SourceList sources={sources} variant="links" />
            </Stack>
          )}
        </Stack>
      )}
    </Paper>
  );
}
