import { BarChart, DonutChart } from '@mantine/charts';
import {
  Anchor,
  Grid,
  Group,
  Progress,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useBotReportQuery, type BotReportQuery } from '../graphql/bots.generated';
import { ContentGapsTable } from '../../analytics/components/ContentGapsTable';
import { FeedbackSummary } from '../../analytics/components/FeedbackSummary';
import { ReportPanel, StatCard } from '../../analytics/components/ReportCards';
import { tickInterval } from '../../analytics/feedback-format';
import { EmptyState } from '../../../shared/EmptyState';
import { QueryState } from '../../../shared/QueryState';
import { formatDay, formatLatency, plural } from './format';

/** The report periods offered, in days. */
export const REPORT_PERIODS = ['7', '30', '90'] as const;
export const DEFAULT_REPORT_DAYS = 30;

type Report = BotReportQuery['botReport'];

/**
 * How the bot is used: questions per day, share answered from its sources, top sources, and what
 * askers thought of its answers.
 */
export function BotReportsTab({ botId }: { botId: string }) {
  const [days, setDays] = useState(String(DEFAULT_REPORT_DAYS));
  const { data, error, refetch } = useBotReportQuery({
    variables: { botId, days: Number(days) },
    notifyOnNetworkStatusChange: false,
  });
  const report = data?.botReport;

  const period = (
    <SegmentedControl
      aria-label="Report period"
      value={days}
      onChange={setDays}
      data={REPORT_PERIODS.map((d) => ({ value: d, label: `${d} days` }))}
      size="xs"
    />
  );

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Text c="dimmed" size="sm">
          Days are counted in UTC.
        </Text>
        {period}
      </Group>
      <QueryState
        data={report}
        error={error}
        onRetry={() => void refetch()}
        // Votes are counted when they are cast: a period with votes but no questions still shows.
        isEmpty={(r) => r.questions === 0 && r.feedback.up + r.feedback.down === 0}
        empty={
          <EmptyState
            icon={IconChartBar}
            title="No questions in this period"
            headingOrder={4}
            description="Once people ask this bot questions, here or on its public chat page, you will see how many it answered from its sources, how fast, and which sources it cites most."
          />
        }
      >
        {(r) => <ReportBody report={r} days={Number(days)} />}
      </QueryState>
    </Stack>
  );
}

function ReportBody({ report, days }: { report: Report; days: number }) {
  const share = report.questions > 0 ? Math.round((report.answered / report.questions) * 100) : 0;
  const perDay = report.perDay.map((d) => ({
    day: formatDay(d.day),
    'From sources': d.answered,
    'Not found': d.questions - d.answered,
  }));
  const maxCitations = Math.max(1, ...report.topSources.map((s) => s.citations));

  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <StatCard label="Questions" value={String(report.questions)} />
        <StatCard
          label="Answered from sources"
          value={`${share}%`}
          hint={`${report.answered} of ${report.questions}`}
        />
        <StatCard label="Average latency" value={formatLatency(report.averageLatencyMs)} />
      </SimpleGrid>

      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <ReportPanel title="Questions per day">
            <BarChart
              h={240}
              data={perDay}
              dataKey="day"
              type="stacked"
              withLegend
              yAxisProps={{ allowDecimals: false }}
              // About seven day labels at most, so 90 days' labels do not run together.
              xAxisProps={{ interval: tickInterval(perDay.length), minTickGap: 8 }}
              series={[
                { name: 'From sources', color: 'teal.6' },
                { name: 'Not found', color: 'gray.5' },
              ]}
              aria-label="Questions per day, answered from sources or not"
            />
          </ReportPanel>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <ReportPanel title="Answered from sources">
            <Group justify="center">
              <DonutChart
                size={160}
                thickness={22}
                chartLabel={`${share}%`}
                data={[
                  { name: 'From sources', value: report.answered, color: 'teal.6' },
                  { name: 'Not found', value: report.questions - report.answered, color: 'gray.5' },
                ]}
                aria-label={`${share}% answered from sources`}
              />
            </Group>
          </ReportPanel>
        </Grid.Col>
      </Grid>

      <ReportPanel title="Top sources">
        {report.topSources.length === 0 ? (
          <Text size="sm" c="dimmed">
            No answer cited a source in this period.
          </Text>
        ) : (
          <Stack gap="sm" component="ol" p={0} m={0} aria-label="Top sources">
            {report.topSources.map((source) => (
              <Stack key={source.documentId} gap={4} component="li" style={{ listStyle: 'none' }}>
                <Group justify="space-between" wrap="nowrap" gap="sm">
                  <Anchor
                    component={Link}
                    to={`/app/documents/${source.documentId}`}
                    size="sm"
                    truncate
                  >
                    {source.title}
                  </Anchor>
                  <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                    {plural(source.citations, 'citation')}
                  </Text>
                </Group>
                <Progress value={(source.citations / maxCitations) * 100} size="sm" aria-hidden />
              </Stack>
            ))}
          </Stack>
        )}
      </ReportPanel>

      <ReportPanel title="Questions without an answer">
        {report.contentGaps.length === 0 ? (
          <Text size="sm" c="dimmed">
            No question asked in the last {days} days went unanswered.
          </Text>
        ) : (
          <Stack gap="xs">
            <Text size="sm" c="dimmed">
              What its sources did not answer, most asked first: add a document that covers them.
              Visitors of the public chat page count as one person.
            </Text>
            <ContentGapsTable
              gaps={report.contentGaps}
              caption={`Questions this bot could not answer in the last ${days} days, most asked first`}
            />
          </Stack>
        )}
      </ReportPanel>

      <Stack gap="md" component="section" aria-label="Answer feedback">
        <Title order={3} size="h5">
          Answer feedback
        </Title>
        <FeedbackSummary report={report.feedback} />
      </Stack>
    </Stack>
  );
}
