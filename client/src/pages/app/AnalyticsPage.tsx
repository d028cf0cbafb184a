import { Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useSearchFeedbackReportQuery } from '../../modules/analytics/graphql/analytics.generated';
import { PageHeader } from '../../layout/PageHeader';
import { FeedbackSummary } from '../../modules/analytics/components/FeedbackSummary';
import { RetentionSettingsCard } from '../../modules/analytics/components/RetentionSettingsCard';
import { FEEDBACK_PERIODS } from '../../modules/analytics/feedback-format';
import { QueryState } from '../../shared/QueryState';

const DEFAULT_DAYS = '30';

/** /app/analytics (user.write): what people think of the workspace's answers, and retention. */
export function AnalyticsPage() {
  const [days, setDays] = useState<string>(DEFAULT_DAYS);
  const { data, error, refetch } = useSearchFeedbackReportQuery({
    variables: { days: Number(days) },
    notifyOnNetworkStatusChange: false,
  });
  const report = data?.searchFeedbackReport;

  return (
    <>
      <PageHeader
        title="Analytics"
        subtitle="Search feedback"
        description="How people rated the answers to questions asked on Home. Each bot has its own report on its page."
      />
      <Stack gap="xl">
        <Stack gap="md" component="section" aria-labelledby="search-feedback-heading">
          <Group justify="space-between" gap="sm">
            <Stack gap={0}>
              <Title order={3} size="h4" id="search-feedback-heading">
                Answers and votes
              </Title>
              <Text c="dimmed" size="sm">
                The last {days} days; days are counted in UTC.
              </Text>
            </Stack>
            <SegmentedControl
              aria-label="Report period"
              value={days}
              onChange={setDays}
              data={FEEDBACK_PERIODS.map((d) => ({ value: d, label: `${d} days` }))}
              size="xs"
            />
          </Group>
          <QueryState data={report} error={error} onRetry={() => void refetch()}>
            {(r) => <FeedbackSummary report={r} showAnswers sharedOnly />}
          </QueryState>
        </Stack>
        <RetentionSettingsCard />
      </Stack>
    </>
  );
}
