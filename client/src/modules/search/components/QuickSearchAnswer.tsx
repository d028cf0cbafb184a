import { Box, Text } from '@mantine/core';
import type { MouseEvent } from 'react';
import { AnswerView } from '../../ask/components/AnswerView';
import { MightBeRelated } from '../../ask/components/MightBeRelated';
import { SourceList } from '../../ask/components/SourceList';
import type { UseAskStream } from '../../ask/use-ask-stream';
import classes from './QuickSearch.module.css';

type AnswerState = Pick<UseAskStream, 'status' | 'answer' | 'sources' | 'result' | 'error'>;

/** The answer generated inside the modal for text ending in '?', with its sources as links. */
export function QuickSearchAnswer({
  stream,
  onOpenLink,
}: {
  stream: AnswerState;
  /** Opening a citation or a source leaves the modal, so it closes behind the link. */
  onOpenLink: () => void;
}) {
  const { status, answer, sources, result, error } = stream;
  const streaming = status === 'loading';
  const closeOnLink = (event: MouseEvent<HTMLElement>) => {
    if (event.target instanceof Element && event.target.closest('a[href]')) onOpenLink();
  };
  return (
    <section className={classes.answer} aria-label="Answer" onClickCapture={closeOnLink}>
      <Text size="xs" fw={700} tt="uppercase" c="dimmed" mb={8} style={{ letterSpacing: 0.4 }}>
        Answer
      </Text>
      {status === 'failed' ? (
        <Text c="red" size="sm" role="alert">
          Error: {error}
        </Text>
      ) : streaming && !answer ? (
        <Text c="dimmed" size="sm">
          Loading...
        </Text>
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
      {status === 'succeeded' && result?.found === false && (
        <Box mt="md">
          <MightBeRelated passages={result.related} order={3} />
        </Box>
      )}
      {sources.length > 0 && (
        <>
          <Text size="xs" fw={700} tt="uppercase" c="dimmed" mt="md" mb={6}>
            Sources
          </Text>
          <SourceList sources={sources} variant="links" />
        </>
      )}
    </section>
  );
}
