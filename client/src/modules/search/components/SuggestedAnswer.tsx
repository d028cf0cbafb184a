import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { AnswerView } from '../../ask/components/AnswerView';
import { MightBeRelated } from '../../ask/components/MightBeRelated';
import { SearchedFor } from '../../conversations/components/SearchedFor';
import { SourceList } from '../../ask/components/SourceList';
import type { UseAskStream } from '../../ask/use-ask-stream';

type AnswerState = Pick<
  UseAskStream,
  'status' | 'question' | 'answer' | 'sources' | 'result' | 'error' | 'searchQuery'
>;

/**
 * The results page's 'Suggested Answer' and its 'Sources' chips, as the answer streams in;
 * `footer` (the vote buttons) comes once it is answered.
 */
export function SuggestedAnswer({ stream, footer }: { stream: AnswerState; footer?: ReactNode }) {
  const { status, answer, sources, result, error } = stream;
  const streaming = status === 'loading';
  // The sources do not say: no sources to list, the closest passages instead.
  const notFound = status === 'succeeded' && result?.found === false;

  return (
    <Stack gap="md">
      <Stack gap="xs">
        <Title order={4}>Suggested Answer</Title>
        <SearchedFor question={stream.question} searchQuery={stream.searchQuery} />
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
            found={result?.found}
            notice={result?.notice}
            streaming={streaming}
          />
        )}
      </Stack>
      {notFound && <MightBeRelated passages={result.related} heading="title" />}
      {!notFound && (sources.length > 0 || status === 'succeeded') && (
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
      {status === 'succeeded' && !notFound && (result?.related.length ?? 0) > 0 && (
        <Stack gap="xs" component="section" aria-label="Related">
          <Title order={4} c="dimmed">
            Related, not cited
          </Title>
          <SourceList sources={result!.related} variant="chips" />
        </Stack>
      )}
      {status === 'succeeded' && footer}
    </Stack>
  );
}
