import { Alert, Divider, Group, Loader, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { Fragment, type ReactNode } from 'react';
import { AnswerView } from '../../ask/components/AnswerView';
import { MightBeRelated } from '../../ask/components/MightBeRelated';
import { SourceList } from '../../ask/components/SourceList';
import type { UseAskStream } from '../../ask/use-ask-stream';
import type { ThreadTurn } from '../thread';
import { SearchedFor } from './SearchedFor';

export interface ConversationThreadProps {
  turns: ThreadTurn[];
  stream: Pick<
    UseAskStream,
    'status' | 'question' | 'answer' | 'sources' | 'searchQuery' | 'error'
  >;
  /** The vote buttons under an answered turn (members and visitors vote through different APIs). */
  feedback?: (turn: ThreadTurn) => ReactNode;
  /** How sources are shown: a numbered list of links, or compact chips. */
  sourceVariant?: 'links' | 'chips';
}

/** The turns of a conversation, oldest first, then the question being answered now. */
export function ConversationThread({
  turns,
  stream,
  feedback,
  sourceVariant = 'links',
}: ConversationThreadProps) {
  const inFlight = stream.status === 'loading' || stream.status === 'failed';
  return (
    <Stack gap="lg">
      {turns.map((turn, i) => (
        <Fragment key={turn.turnId ?? `turn-${i}`}>
          {i > 0 && <Divider />}
          <Stack gap="sm" component="article" aria-label={turn.question}>
            <Question text={turn.question} />
            <SearchedFor question={turn.question} searchQuery={turn.searchQuery} />
            <AnswerView
              answer={turn.answer}
              sources={turn.sources}
              mode={turn.mode}
              found={turn.found}
              notice={turn.notice}
            />
            <Sources turn={turn} variant={sourceVariant} />
            {turn.turnId && feedback?.(turn)}
          </Stack>
        </Fragment>
      ))}
      {inFlight && (
        <>
          {turns.length > 0 && <Divider />}
          <Stack
            gap="sm"
            component="article"
            aria-label={stream.question}
            aria-busy={stream.status === 'loading'}
          >
            <Question text={stream.question} />
            <SearchedFor question={stream.question} searchQuery={stream.searchQuery} />
            {stream.status === 'failed' ? (
              <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
                Error: {stream.error}
              </Alert>
            ) : stream.answer ? (
              <AnswerView answer={stream.answer} sources={stream.sources} streaming />
            ) : (
              <Group gap="xs">
                <Loader size="sm" />
                <Text c="dimmed">Loading...</Text>
              </Group>
            )}
            {stream.status === 'loading' && stream.sources.length > 0 && (
              <Stack gap="xs" component="section" aria-label="Sources">
                <SourcesHeading />
                <SourceList sources={stream.sources} variant={sourceVariant} />
              </Stack>
            )}
          </Stack>
        </>
      )}
    </Stack>
  );
}

function Question({ text }: { text: string }) {
  return (
    <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
      {text}
    </Text>
  );
}

function SourcesHeading() {
  return (
    <Text size="xs" c="dimmed" fw={700} tt="uppercase">
      Sources
    </Text>
  );
}

function Sources({ turn, variant }: { turn: ThreadTurn; variant: 'links' | 'chips' }) {
  // The not-found answer cites nothing: the closest passages are offered, for what they are.
  if (turn.found === false) return <MightBeRelated passages={turn.related} />;
  return (
    <>
      {turn.sources.length > 0 && (
        <Stack gap="xs" component="section" aria-label="Sources">
          <SourcesHeading />
          <SourceList sources={turn.sources} variant={variant} />
        </Stack>
      )}
      {turn.related.length > 0 && (
        <Stack gap="xs" component="section" aria-label="Related">
          <Text size="xs" c="dimmed" fw={700} tt="uppercase">
            Related, not cited
          </Text>
          <SourceList sources={turn.related} variant="chips" />
        </Stack>
      )}
    </>
  );
}
