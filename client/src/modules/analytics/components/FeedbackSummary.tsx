import { Grid, SimpleGrid, Stack } from '@mantine/core';
import { IconThumbUp } from '@tabler/icons-react';
import type { FeedbackReportFieldsFragment } from '../graphql/analytics.generated';
import { EmptyState } from '../../../shared/EmptyState';
import { formatOrigins, formatRate } from '../feedback-format';
import { FeedbackChart } from './FeedbackChart';
import { RecentCommentsList, WorstQuestionsList } from './FeedbackLists';
import { ReportPanel, StatCard } from './ReportCards';

interface FeedbackSummaryProps {
  report: FeedbackReportFieldsFragment;
  /**
   * Adds the answers given in the period (the workspace page has no other count of them; a
   * bot's report already shows its questions above).
   */
  showAnswers?: boolean;
  headingOrder?: 2 | 3 | 4;
  /** The workspace's report: other people's questions are listed only once three voted. */
  sharedOnly?: boolean;
}

/**
 * What people thought of the answers over a period: totals, votes per day, the questions voted
 * down most and why. One view for the workspace's analytics and every bot's report.
 */
export function FeedbackSummary({
  report,
  showAnswers = false,
  headingOrder = 4,
  sharedOnly = false,
}: FeedbackSummaryProps) {
  const votes = report.up + report.down;
  const answers = report.perDay.reduce((sum, d) => sum + d.answers, 0);

  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, xs: 2, md: showAnswers ? 4 : 3 }} spacing="md">
        {showAnswers && (
          <StatCard
            label="Answers"
            value={String(answers)}
            hint={formatOrigins(report.answersByOrigin)}
          />
        )}
        <StatCard label="Voted up" value={String(report.up)} />
        <StatCard label="Voted down" value={String(report.down)} />
        <StatCard
          label="Down-vote rate"
          value={formatRate(report.downRate)}
          hint={votes > 0 ? `${report.down} of ${votes} votes` : 'No votes yet'}
        />
      </SimpleGrid>

      {votes === 0 ? (
        <EmptyState
          icon={IconThumbUp}
          title="No votes in this period"
          headingOrder={headingOrder}
          description="When people vote answers up or down, the votes per day, the questions voted down most and what people said about them show up here."
        />
      ) : (
        <>
          <ReportPanel title="Votes per day">
            <FeedbackChart perDay={report.perDay} />
          </ReportPanel>
          <Grid gap="md">
            <Grid.Col span={{ base: 12, md: 6 }}>
              <ReportPanel title="Questions voted down most">
                <WorstQuestionsList questions={report.worstQuestions} sharedOnly={sharedOnly} />
              </ReportPanel>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <ReportPanel title="Latest comments">
                <RecentCommentsList comments={report.recentComments} sharedOnly={sharedOnly} />
              </ReportPanel>
            </Grid.Col>
          </Grid>
        </>
      )}
    </Stack>
  );
}
