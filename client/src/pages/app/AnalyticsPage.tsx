import { Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useSearchFeedbackReportQuery } from '../../modules/analytics/graphql/analytics.generated';
import { PageHeader } from '../../layout/PageHeader';
import { ContentGapsSection } from '../../modules/analytics/components/ContentGapsSection';
import { FeedbackSummary } from '../../modules/analytics/components/FeedbackSummary';
import { RetentionSettingsCard } from '../../modules/analytics/components/RetentionSettingsCard';
import { FEEDBACK_PERIODS } from '../../modules/analytics/feedback-format';
import { QueryState } from '../../shared/QueryState';
import { usePageTitle } from '../../shared/use-page-title';

const DEFAULT_DAYS = '30';

/**
 * /app/analytics (user.write): what people think of the workspace's answers, the questions its
 * sources did not answer, and retention. One period for both reports.
 */
export function AnalyticsPage() {
  usePageTitle('Analytics');
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
        description="How people rated the answers to questions asked on Home, and which questions the sources could not answer. Each bot has its own report on its page."
      />
      <Stack gap="xl">
        <Group justify="space-between" gap="sm">
          <Text c="dimmed" size="sm">
            The last {days} days; days are counted in UTC.
          </Text>
          <SegmentedControl
            aria-label="Report period"
            value={days}
            onChange={setDays}
            data={FEEDBACK_PERIODS.map((d) => ({ value: d, label: `${d} days` }))}
            size="xs"
          />
        </Group>
        <Stack gap="md" component="section" aria-labelledby="search-feedback-heading">
          <Title order={3} size="h4" id="search-feedback-heading">
            Answers and votes
          </Title>
          <QueryState data={report} error={error} onRetry={() => void refetch()}>
            {(r) => <FeedbackSummary report={r} showAnswers sharedOnly />}
          </QueryState>
        </Stack>
        <ContentGapsSection days={Number(days)} />
        <RetentionSettingsCard />
      </Stack>
    </>
  );
}
