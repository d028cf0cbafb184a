import { Box, Flex, Stack } from '@mantine/core';
import { useState } from 'react';
import { PageHeader } from '../../layout/PageHeader';
import { AnswerPanel } from '../../modules/ask/components/AnswerPanel';
import { AskForm } from '../../modules/ask/components/AskForm';
import { PopularQuestions, RecentQuestions } from '../../modules/ask/components/QuestionHistory';
import { SourcesSummary } from '../../modules/ask/components/SourcesSummary';
import { useAskStream } from '../../modules/ask/use-ask-stream';
import { useSession } from '../../modules/auth/use-session';

/** /app/dashboard, home: the ask screen (SPEC §2), with question history and the sources. */
export function DashboardPage() {
  const { user, permissions } = useSession();
  const firstName = user?.firstName?.trim();
  const canAsk = permissions?.includes('search.read') ?? false;
  const stream = useAskStream();
  const [draft, setDraft] = useState('');

  const ask = (question: string) => {
    setDraft(question);
    stream.ask(question);
  };

  return (
    <>
      <PageHeader
        title="Home"
        subtitle={firstName ? `Welcome, ${firstName}` : 'Welcome to Lumen'}
      />
      <Flex gap="xl" align="flex-start" wrap="wrap">
        <Stack gap="lg" w={620} maw="100%">
          <AskForm
            value={draft}
            onChange={setDraft}
            onSubmit={ask}
            loading={stream.status === 'loading'}
            disabled={!canAsk}
            autoFocus={canAsk}
            description={
              canAsk
                ? undefined
                : 'Your role cannot search this workspace. Ask an admin for access.'
            }
          />
          <AnswerPanel {...stream} />
        </Stack>
        <Box
          component="aside"
          aria-label="Questions and sources"
          style={{ flex: '1 1 260px', minWidth: 0, maxWidth: 420 }}
        >
          <Stack gap="md">
            {canAsk && <RecentQuestions onAsk={ask} />}
            {canAsk && <PopularQuestions onAsk={ask} />}
            <SourcesSummary />
          </Stack>
        </Box>
      </Flex>
    </>
  );
}
