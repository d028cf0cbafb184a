import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Stack,
  Table,
  Text,
  ThemeIcon,
  Tooltip,
} from '@mantine/core';
import { IconAlertCircle, IconListDetails, IconThumbDown, IconThumbUp } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useBotLogsQuery, type BotLogsQuery } from '../graphql/bots.generated';
import { reasonLabel } from '../../analytics/feedback-format';
import { EmptyState } from '../../../shared/EmptyState';
import { errorMessage } from '../../../shared/graphql-errors';
import { QueryState } from '../../../shared/QueryState';
import { excerpt, formatDateTime, formatLatency, isExternalUrl, plural } from './format';
import { TableScroll } from '../../../shared/table-scroll/TableScroll';

/** Entries per page of the log. */
export const LOG_PAGE_SIZE = 20;

type Entry = BotLogsQuery['botLogs']['nodes'][number];

/** Every question asked of the bot, newest first, a page at a time. */
export function BotLogsTab({ botId }: { botId: string }) {
  const { data, error, fetchMore, refetch } = useBotLogsQuery({
    variables: { botId, first: LOG_PAGE_SIZE },
    notifyOnNetworkStatusChange: false,
  });
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreError, setMoreError] = useState<string | null>(null);
  const page = data?.botLogs;

  const loadMore = async () => {
    const after = page?.pageInfo.endCursor;
    if (!after) return;
    setLoadingMore(true);
    setMoreError(null);
    try {
      await fetchMore({
        variables: { after },
        updateQuery: (previous, { fetchMoreResult }) => ({
          botLogs: {
            ...fetchMoreResult.botLogs,
            nodes: [...previous.botLogs.nodes, ...fetchMoreResult.botLogs.nodes],
          },
        }),
      });
    } catch (e) {
      setMoreError(errorMessage(e));
    } finally {
      setLoadingMore(false);
    }
  };

  return (
    <QueryState
      data={page}
      error={error}
      onRetry={() => void refetch()}
      isEmpty={(p) => p.totalCount === 0}
      empty={
        <EmptyState
          icon={IconListDetails}
          title="No questions yet"
          headingOrder={4}
          description="Every question asked of this bot, here or on its public chat page, shows up in this log with its answer, its sources and how long it took."
        />
      }
    >
      {(p) => (
        <Stack gap="md">
          <Group justify="space-between">
            <Text fw={500}>
              {plural(p.totalCount, 'question')} asked
              {p.nodes.length < p.totalCount && (
                <Text span c="dimmed" fw={400}>
                  {' '}
                  · showing the latest {p.nodes.length}
                </Text>
              )}
            </Text>
          </Group>
          {/* 640: it fits the tabs' column beside the chat at 1440px (about 670px); narrower
              screens scroll it, with a hint. */}
          <TableScroll minWidth={640} label="Bot log">
            <Table verticalSpacing="sm" highlightOnHover aria-label="Bot log">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Asked</Table.Th>
                  <Table.Th>Question</Table.Th>
                  <Table.Th>Answer</Table.Th>
                  <Table.Th>Sources</Table.Th>
                  <Table.Th>Feedback</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {p.nodes.map((entry) => (
                  <LogRow key={entry.id} entry={entry} />
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
          {moreError && (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
              {moreError}
            </Alert>
          )}
          {p.pageInfo.hasNextPage && (
            <Button
              variant="default"
              onClick={() => void loadMore()}
              loading={loadingMore}
              style={{ alignSelf: 'center' }}
            >
              Load more
            </Button>
          )}
        </Stack>
      )}
    </QueryState>
  );
}

function LogRow({ entry }: { entry: Entry }) {
  return (
    <Table.Tr>
      <Table.Td>
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatDateTime(entry.createdAt)}
        </Text>
        <Text size="xs" c="dimmed">
          by {entry.askedBy}
          {entry.origin === 'slack'
            ? ' · in Slack'
            : entry.origin === 'api'
              ? ' · through the API'
              : ''}
        </Text>
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          Answered in {formatLatency(entry.latencyMs)}
        </Text>
      </Table.Td>
      <Table.Td maw={200}>
        <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
          {entry.question}
        </Text>
      </Table.Td>
      <Table.Td maw={300}>
        <Stack gap={4} align="flex-start">
          <Tooltip label={excerpt(entry.answer, 600)} multiline w={420} openDelay={400}>
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {excerpt(entry.answer)}
            </Text>
          </Tooltip>
          <Group gap={6}>
            {entry.fromSources ? (
              <Badge size="sm" variant="light" color="teal" radius="sm">
                From sources
              </Badge>
            ) : (
              <Badge size="sm" variant="light" color="gray" radius="sm">
                Not found in sources
              </Badge>
            )}
            {/* How an answer was made says nothing of a "not found", which no model wrote. */}
            {entry.fromSources && entry.mode === 'extractive' && (
              <Badge size="sm" variant="outline" color="gray" radius="sm">
                Extracted
              </Badge>
            )}
          </Group>
        </Stack>
      </Table.Td>
      <Table.Td maw={180}>
        <SourceLinks sources={entry.sources} />
      </Table.Td>
      <Table.Td maw={200}>
        <LogFeedback feedback={entry.feedback} />
      </Table.Td>
    </Table.Tr>
  );
}

/** The asker's vote on the answer: a thumb with a spoken label, and why, when they said. */
function LogFeedback({ feedback }: { feedback: Entry['feedback'] }) {
  if (!feedback)
    return (
      <Text size="sm" c="dimmed">
        No vote
      </Text>
    );
  const up = feedback.vote === 'UP';
  const label = up ? 'Voted up' : 'Voted down';
  return (
    <Stack gap={4} align="flex-start">
      <Group gap={6} wrap="nowrap">
        <Tooltip label={label} openDelay={300}>
          <ThemeIcon
            size="sm"
            radius="xl"
            variant="light"
            color={up ? 'teal' : 'red'}
            role="img"
            aria-label={label}
          >
            {up ? <IconThumbUp size={14} aria-hidden /> : <IconThumbDown size={14} aria-hidden />}
          </ThemeIcon>
        </Tooltip>
        {feedback.reason && (
          <Badge size="sm" variant="light" color="red" radius="sm">
            {reasonLabel(feedback.reason)}
          </Badge>
        )}
      </Group>
      {feedback.comment && (
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          “{feedback.comment}”
        </Text>
      )}
    </Stack>
  );
}

function SourceLinks({ sources }: { sources: Entry['sources'] }) {
  if (sources.length === 0)
    return (
      <Text size="sm" c="dimmed">
        None
      </Text>
    );
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {plural(sources.length, 'source')}
      </Text>
      {sources.map((source, i) =>
        isExternalUrl(source.url) ? (
          <Anchor
            key={i}
            href={source.url}
            target="_blank"
            rel="noopener noreferrer"
            size="sm"
            lineClamp={1}
          >
            {source.title}
          </Anchor>
        ) : (
          <Anchor key={i} component={Link} to={source.url} size="sm" lineClamp={2}>
            {source.title}
          </Anchor>
        ),
      )}
    </Stack>
  );
}
