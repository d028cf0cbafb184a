import { Paper, Stack, Text, Title } from '@mantine/core';
import { IconMessageCheck } from '@tabler/icons-react';
import { useContentGapsQuery } from '../graphql/analytics.generated';
import { EmptyState } from '../../../shared/EmptyState';
import { QueryState } from '../../../shared/QueryState';
import { ContentGapsTable } from './ContentGapsTable';

/** Said with the workspace's gaps: the server lists a question only once three people asked it. */
export const GAPS_SHARED_ONLY_NOTE =
  'A question shows here once three different people have asked it: one person’s questions stay theirs.';

/**
 * The workspace's content gaps (admins): questions asked on Home in the period that the sources
 * did not answer, so whoever owns the knowledge knows what to write.
 */
export function ContentGapsSection({ days }: { days: number }) {
  const { data, error, refetch } = useContentGapsQuery({
    variables: { days },
    notifyOnNetworkStatusChange: false,
  });

  return (
    <Stack gap="md" component="section" aria-labelledby="content-gaps-heading">
      <Stack gap={0}>
        <Title order={3} size="h4" id="content-gaps-heading">
          Questions without an answer
        </Title>
        <Text c="dimmed" size="sm" maw={720}>
          Asked in the last {days} days and not found in the sources, most asked first: what to
          write down next. {GAPS_SHARED_ONLY_NOTE}
        </Text>
      </Stack>
      <QueryState
        data={data?.contentGaps}
        error={error}
        onRetry={() => void refetch()}
        isEmpty={(gaps) => gaps.length === 0}
        empty={
          <EmptyState
            icon={IconMessageCheck}
            title={`No unanswered questions to show for the last ${days} days`}
            headingOrder={4}
            description="When the sources cannot answer a question that three or more people asked, it is listed here with how often it was asked, so you know what to write."
          />
        }
      >
        {(gaps) => (
          <Paper withBorder radius="lg" px="md" py="xs">
            <ContentGapsTable
              gaps={gaps}
              caption={`Questions without an answer in the last ${days} days, most asked first`}
            />
          </Paper>
        )}
      </QueryState>
      {!!data?.contentGapsHidden && (
        <Text size="sm" c="dimmed">
          {hiddenGapsNote(data.contentGapsHidden)}
        </Text>
      )}
    </Stack>
  );
}

/** The gaps not listed, as a count: there is more to write, without anyone's question shown. */
export function hiddenGapsNote(hidden: number): string {
  return hidden === 1
    ? '1 more unanswered question was asked by fewer than three people; it is not listed.'
    : `${hidden} more unanswered questions were asked by fewer than three people each; they are not listed.`;
}
