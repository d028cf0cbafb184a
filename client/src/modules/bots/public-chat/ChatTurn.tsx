import { Alert, Group, List, Loader, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { ExtractiveBadge } from '../../ask/components/ExtractiveBadge';
import { extractiveLabel } from '../fallback-labels';
import type { PublicAnswer } from './public-chat-api';
import classes from './PublicChat.module.css';

export type Turn =
  | { id: number; question: string; status: 'pending' }
  | { id: number; question: string; status: 'answered'; result: PublicAnswer }
  | { id: number; question: string; status: 'failed'; error: string };

/**
 * One question and what the bot said: safe text and a numbered list of the sources it cited.
 * `language`: the bot's language code, which the extractive label is written in.
 */
export function ChatTurn({
  turn,
  language,
  feedback,
}: {
  turn: Turn;
  language: string;
  feedback?: ReactNode;
}) {
  return (
    <Stack gap="xs" component="article" aria-label={turn.question}>
      <Text className={classes.question}>{turn.question}</Text>
      {turn.status === 'pending' && (
        <Group gap="xs" c="dimmed" role="status">
          <Loader size="xs" type="dots" />
          <Text size="sm">Looking through the sources…</Text>
        </Group>
      )}
      {turn.status === 'failed' && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
          {turn.error}
        </Alert>
      )}
      {turn.status === 'answered' && <Answer result={turn.result} language={language} />}
      {turn.status === 'answered' && feedback}
    </Stack>
  );
}

function Answer({ result, language }: { result: PublicAnswer; language: string }) {
  return (
    <Stack gap="sm">
      {/* Nothing is quoted in the not-found answer: it gets no "quoted from the sources" label. */}
      {result.mode === 'extractive' && result.found !== false && (
        <ExtractiveBadge>{extractiveLabel(language, 'visitor')}</ExtractiveBadge>
      )}
      <Text component="div" className={classes.answer}>
        {result.answer}
      </Text>
      {result.sources.length > 0 && (
        <div className={classes.sources}>
          <Text size="xs" fw={600} c="dimmed" tt="uppercase" mb={4}>
            Sources
          </Text>
          <List type="ordered" size="sm" spacing={2} aria-label="Sources">
            {result.sources.map((source) => (
              <List.Item key={source.number}>
                {source.title}
                {source.location && (
                  <Text span size="sm" c="dimmed">
                    {' '}
                    · {source.location}
                  </Text>
                )}
              </List.Item>
            ))}
          </List>
        </div>
      )}
    </Stack>
  );
}
