import { Stack, Text, Title } from '@mantine/core';
import { AnswerView } from '../../ask/components/AnswerView';
import { SourceList } from '../../ask/components/SourceList';
import type { UseAskStream } from '../../ask/use-ask-stream';

type AnswerState = Pick<UseAskStream, 'status' | 'answer' | 'sources' | 'result' | 'error'>;

/** The results page's 'Suggested Answer' and its 'Sources' chips, as the answer streams in. */
export function SuggestedAnswer({ stream }: { stream: AnswerState }) {
  const { status, answer, sources, result, error } = stream;
  const streaming = status === 'loading';

  return (
    <Stack gap="md">
      <Stack gap="xs">
        <Title order={4}>Suggested Answer</Title>
        {status === 'failed' ? (
          <Text c="red" role="alert">
            Error: {error}
          </Text>
        ) : streaming && !answer ? (
          <Text c="dimmed">Loading...</Text>
        ) : (
          <AnswerView
            answer={answer}
            sources={sources}
            mode={result?.mode}
            notice={result?.notice}
            streaming={streaming}
          />
        )}
      </Stack>
      {(sources.length > 0 || status === 'succeeded') && (
        <Stack gap="xs">
          <Title order={4}>Sources</Title>
          {sources.length > 0 ? (
            <SourceList sources={sources} variant="chips" />
          ) : (
            <Text size="sm" c="dimmed">
              No sources were cited.
            </Text>
          )}
        </Stack>
      )}
    </Stack>
  );
}
