import { Badge, Group, Stack, Text } from '@mantine/core';
import { IconThumbDown, IconThumbUp } from '@tabler/icons-react';
import type { FeedbackReportFieldsFragment } from '../graphql/analytics.generated';
import { countLabel, formatVoteDate, reasonLabel } from '../feedback-format';

type Report = FeedbackReportFieldsFragment;

const itemStyle = { listStyle: 'none' } as const;

/** Said under the workspace's lists: other people's questions are listed only once shared. */
export const SHARED_ONLY_NOTE =
  'A question shows here once three different people voted on its answers: one person’s questions stay theirs.';

/** The questions whose answers were voted down most, with their up votes for balance. */
export function WorstQuestionsList({
  questions,
  sharedOnly = false,
}: {
  questions: Report['worstQuestions'];
  /** The workspace's report: questions only once three people voted (says so when empty). */
  sharedOnly?: boolean;
}) {
  if (questions.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {sharedOnly
          ? `No shared question was voted down in this period. ${SHARED_ONLY_NOTE}`
          : 'No answer was voted down in this period.'}
      </Text>
    );
  return (
    <Stack component="ol" gap="sm" p={0} m={0} aria-label="Questions voted down most">
      {questions.map((q, i) => (
        <Stack key={`${i}-${q.question}`} component="li" gap={2} style={itemStyle}>
          <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
            {q.question}
          </Text>
          <Group gap="sm">
            <Group gap={4} wrap="nowrap">
              <IconThumbDown size={14} aria-hidden color="var(--mantine-color-red-6)" />
              <Text size="xs" c="dimmed">
                {countLabel(q.down, 'down vote')}
              </Text>
            </Group>
            <Group gap={4} wrap="nowrap">
              <IconThumbUp size={14} aria-hidden color="var(--mantine-color-teal-6)" />
              <Text size="xs" c="dimmed">
                {countLabel(q.up, 'up vote')}
              </Text>
            </Group>
            <Text size="xs" c="dimmed" component="time" dateTime={q.lastVotedAt}>
              last {formatVoteDate(q.lastVotedAt)}
            </Text>
          </Group>
        </Stack>
      ))}
    </Stack>
  );
}

/** The latest down votes that said why: the reason, the comment and the question. */
export function RecentCommentsList({
  comments,
  sharedOnly = false,
}: {
  comments: Report['recentComments'];
  sharedOnly?: boolean;
}) {
  if (comments.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {sharedOnly
          ? `No comment on a shared question in this period. ${SHARED_ONLY_NOTE}`
          : 'Nobody said why they voted an answer down in this period.'}
      </Text>
    );
  return (
    <Stack component="ul" gap="md" p={0} m={0} aria-label="Latest comments">
      {comments.map((c, i) => (
        <Stack key={`${i}-${c.votedAt}`} component="li" gap={4} style={itemStyle}>
          <Group gap="xs">
            {c.reason && (
              <Badge size="sm" variant="light" color="red" radius="sm">
                {reasonLabel(c.reason)}
              </Badge>
            )}
            <Text size="xs" c="dimmed" component="time" dateTime={c.votedAt}>
              {formatVoteDate(c.votedAt)}
            </Text>
          </Group>
          {c.comment && (
            <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
              {c.comment}
            </Text>
          )}
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            On “{c.question}”
          </Text>
        </Stack>
      ))}
    </Stack>
  );
}
