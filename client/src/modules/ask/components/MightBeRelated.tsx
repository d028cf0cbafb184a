import { Stack, Text, Title, type TitleOrder } from '@mantine/core';
import { useId } from 'react';
import type { AskSource } from '../use-ask-stream';
import { SourceList } from './SourceList';

export interface MightBeRelatedProps {
  /** The closest passages found for a question the sources do not answer. */
  passages: AskSource[];
  /** The heading's level in the page's outline. */
  order?: TitleOrder;
  /** `label`: small capitals, like a thread's "Sources"; `title`: a section title. */
  heading?: 'label' | 'title';
}

/**
 * Beside the not-found answer: the passages that came closest, as links to where they are (title,
 * then place and source), so a reader can judge them without taking them as the answer.
 */
export function MightBeRelated({ passages, order = 4, heading = 'label' }: MightBeRelatedProps) {
  const id = useId();
  if (passages.length === 0) return null;
  return (
    <Stack gap="xs" component="section" aria-labelledby={id}>
      {heading === 'title' ? (
        <Title order={order} id={id}>
          Might be related
        </Title>
      ) : (
        <Title order={order} id={id} fz="xs" c="dimmed" fw={700} tt="uppercase">
          Might be related
        </Title>
      )}
      <Text size="xs" c="dimmed">
        The closest passages found. None of them answers the question.
      </Text>
      <SourceList sources={passages} variant="links" />
    </Stack>
  );
}
