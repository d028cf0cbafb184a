import { Alert, Badge, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import { usePopularQuestionsQuery, useRecentQuestionsQuery } from '../graphql/ask.generated';
import { describeError } from '../../../shared/graphql-errors';
import { SideCard } from './SideCard';
import classes from './QuestionHistory.module.css';

/** How many questions each list shows. */
export const HISTORY_SIZE = 6;

interface QuestionListProps {
  onAsk: (question: string) => void;
}

/** The caller's latest questions and searches; clicking one asks it again. */
export function RecentQuestions({ onAsk }: QuestionListProps) {
  const { data, loading, error } = useRecentQuestionsQuery({
    variables: { first: HISTORY_SIZE },
    notifyOnNetworkStatusChange: false,
  });
  return (
    <SideCard id="recent-questions" title="Your recent questions">
      <QuestionList
        loading={loading && !data}
        error={error}
        empty="Questions you ask show up here."
        items={(data?.recentQuestions ?? []).map((q) => ({ question: q.question }))}
        onAsk={onAsk}
      />
    </SideCard>
  );
}

/** The workspace's most asked questions, with how often each was asked. */
export function PopularQuestions({ onAsk }: QuestionListProps) {
  const { data, loading, error } = usePopularQuestionsQuery({
    variables: { first: HISTORY_SIZE },
    notifyOnNetworkStatusChange: false,
  });
  return (
    <SideCard id="popular-questions" title="Most asked in your workspace" hint="Last 90 days">
      <QuestionList
        loading={loading && !data}
        error={error}
        empty="Nobody in your workspace has asked a question yet."
        items={(data?.popularQuestions ?? []).map((q) => ({
          question: q.question,
          count: q.count,
        }))}
        onAsk={onAsk}
      />
    </SideCard>
  );
}

interface Item {
  question: string;
  count?: number;
}

function QuestionList({
  loading,
  error,
  empty,
  items,
  onAsk,
}: QuestionListProps & { loading: boolean; error?: unknown; empty: string; items: Item[] }) {
  if (loading)
    return (
      <Stack gap={8} aria-label="Loading">
        <Skeleton height={14} />
        <Skeleton height={14} width="80%" />
        <Skeleton height={14} width="60%" />
      </Stack>
    );
  if (error && items.length === 0)
    return (
      <Alert color="red" variant="light" p="xs">
        <Text size="sm">Could not load: {describeError(error).message}</Text>
      </Alert>
    );
  if (items.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {empty}
      </Text>
    );
  return (
    <ul className={classes.list}>
      {items.map((item) => (
        <li key={item.question}>
          <UnstyledButton
            className={classes.item}
            onClick={() => onAsk(item.question)}
            title={`Ask “${item.question}” again`}
          >
            <Text size="sm" className={classes.question}>
              {item.question}
            </Text>
            {item.count !== undefined && (
              <Badge
                variant="light"
                color="gray"
                size="sm"
                radius="sm"
                aria-label={`asked ${item.count} ${item.count === 1 ? 'time' : 'times'}`}
              >
                {item.count}
              </Badge>
            )}
          </UnstyledButton>
        </li>
      ))}
    </ul>
  );
}
