import { Box, Flex, Stack } from '@mantine/core';
import { lazy, Suspense, useCallback, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PageHeader } from '../../layout/PageHeader';
import { AnswerPanel } from '../../modules/ask/components/AnswerPanel';
import { AskForm } from '../../modules/ask/components/AskForm';
import { PopularQuestions, RecentQuestions } from '../../modules/ask/components/QuestionHistory';
import { SourcesSummary } from '../../modules/ask/components/SourcesSummary';
import { useSession } from '../../modules/auth/use-session';
import { useConversation } from '../../modules/conversations/use-conversation';
import { usePageTitle } from '../../shared/use-page-title';

// Only someone who signed up alone at a team's domain sees it: loaded after the page is up.
const JoinWorkspaceOffer = lazy(() =>
  import('../../modules/members/components/JoinWorkspaceOffer').then((m) => ({
    default: m.JoinWorkspaceOffer,
  })),
);

/** The URL parameter naming the open conversation (History's "Resume" links here with it). */
export const CONVERSATION_PARAM = 'conversation';

/**
 * /app/dashboard, home: the ask screen (SPEC §2) holding a conversation, with question history
 * and the sources. The open conversation is in the URL, so a reload or a link resumes it.
 */
export function DashboardPage() {
  usePageTitle('Home');
  const { user, permissions } = useSession();
  const firstName = user?.firstName?.trim();
  const canAsk = permissions?.includes('search.read') ?? false;
  const [params, setParams] = useSearchParams();
  const conversationId = params.get(CONVERSATION_PARAM);
  const setConversation = useCallback(
    (id: string | null) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (id) next.set(CONVERSATION_PARAM, id);
          else next.delete(CONVERSATION_PARAM);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const conversation = useConversation(conversationId, setConversation);
  const [draft, setDraft] = useState('');
  const open = conversation.turns.length > 0 || conversation.stream.status !== 'idle';

  const ask = (question: string) => {
    setDraft('');
    conversation.ask(question);
  };

  // A question from the history lists is a new topic: it starts a new conversation.
  const askAfresh = (question: string) => {
    setDraft(question);
    setConversation(null);
    conversation.stream.ask(question, undefined, null);
  };

  const newConversation = () => {
    conversation.stream.reset();
    setConversation(null);
    setDraft('');
    document.querySelector<HTMLInputElement>('input[aria-label="Your question"]')?.focus();
  };

  return (
    <>
      <PageHeader
        title="Home"
        subtitle={firstName ? `Welcome, ${firstName}` : 'Welcome to Lumen'}
      />
      <Suspense fallback={null}>
        <JoinWorkspaceOffer />
      </Suspense>
      <Flex gap="xl" align="flex-start" wrap="wrap">
        <Stack gap="lg" w={620} maw="100%">
          <AskForm
            value={draft}
            onChange={setDraft}
            onSubmit={ask}
            loading={conversation.stream.status === 'loading'}
            disabled={!canAsk}
            autoFocus={canAsk}
            placeholder={open ? 'Ask a follow-up...' : undefined}
            description={
              canAsk
                ? undefined
                : 'Your role cannot search this workspace. Ask an admin for access.'
            }
          />
          <AnswerPanel
            turns={conversation.turns}
            stream={conversation.stream}
            loading={conversation.loading}
            error={conversation.error}
            onNewConversation={newConversation}
          />
        </Stack>
        <Box
          component="aside"
          aria-label="Questions and sources"
          style={{ flex: '1 1 260px', minWidth: 0, maxWidth: 420 }}
        >
          <Stack gap="md">
            {canAsk && <RecentQuestions onAsk={askAfresh} />}
            {canAsk && <PopularQuestions onAsk={askAfresh} />}
            <SourcesSummary />
          </Stack>
        </Box>
      </Flex>
    </>
  );
}
