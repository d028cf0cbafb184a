import {
  ActionIcon,
  Button,
  Grid,
  Group,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconArrowRight, IconPlus, IconSearch, IconSparkles } from '@tabler/icons-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useSearchDocumentsQuery } from '../../modules/search/graphql/search.generated';
import { PageHeader } from '../../layout/PageHeader';
import { ConversationThread } from '../../modules/conversations/components/ConversationThread';
import { MemberAnswerFeedback } from '../../modules/conversations/components/MemberAnswerFeedback';
import { useConversation } from '../../modules/conversations/use-conversation';
import { DocumentHitList } from '../../modules/search/components/DocumentHitList';
import { SourceFilter } from '../../modules/search/components/SourceFilter';
import { SuggestedAnswer } from '../../modules/search/components/SuggestedAnswer';
import { useRecordSearch } from '../../modules/search/use-record-search';
import { useSearchUrl } from '../../modules/search/use-search-url';
import { useConnectedKinds } from '../../modules/search/use-connected-kinds';
import { forgetAnswer, recallAnswer, rememberAnswer } from '../../modules/search/answered-searches';
import type { AskAnswer } from '../../modules/ask/use-ask-stream';
import { turnFromAnswer, type ThreadTurn } from '../../modules/conversations/thread';
import { usePageTitle } from '../../shared/use-page-title';
import { ColorSchemeToggle } from '../../shared/ColorSchemeToggle';
import { EmptyState } from '../../shared/EmptyState';
import { errorMessage } from '../../shared/graphql-errors';

/** How many related documents the results page lists. */
export const RELATED_DOCUMENTS = 10;

/**
 * /app/search (no top bar): the query and the ticked sources live in the URL; each change runs
 * the streamed answer and the related-documents search again (SPEC §4 search interactions).
 * Queries asked one after another form a conversation (a follow-up is answered in context);
 * the earlier ones stay above the latest until "New conversation". Opening a URL this tab was
 * answered on a little earlier (a reload, back) shows that answer again instead of asking again
 * (answered-searches.ts): only a question asked on purpose counts in "Most asked" and Analytics.
 */
export function SearchPage() {
  const { query, sources, keywordsOnly, setQuery, setSources, askForAnswer } = useSearchUrl();
  // The filters offer only the kinds of source the workspace has.
  const connectedKinds = useConnectedKinds();
  usePageTitle(query ? `${query} · Search` : 'Search');
  const [draft, setDraft] = useState(query);
  // Bumped when the same query is submitted again, to run it again.
  const [round, setRound] = useState(0);
  const lastRecorded = useRef<string | null>(null);
  // The answer shown again for a URL answered earlier in this tab (nothing is asked then).
  const [restored, setRestored] = useState<AskAnswer | null>(null);
  // What the answer in flight was asked for, so it can be kept for that URL.
  const askedFor = useRef<{ query: string; sources: string[] } | null>(null);
  const lastRound = useRef(round);
  const recordSearch = useRecordSearch();
  const [conversationId, setConversationId] = useState<string | null>(null);
  const conversation = useConversation(conversationId, setConversationId);
  const { stream, turns } = conversation;
  // The answer runs when the search changes, not when the hook hands out new functions.
  const conversationRef = useRef(conversation);
  useEffect(() => {
    conversationRef.current = conversation;
  });

  // A new ?q= (the Cmd+K modal, back/forward) replaces what is in the box.
  useEffect(() => setDraft(query), [query]);

  const sourcesKey = sources.join(',');
  const documents = useSearchDocumentsQuery({
    variables: {
      query,
      integrations: sources.length > 0 ? sources : null,
      first: RELATED_DOCUMENTS,
    },
    skip: !query,
  });

  useEffect(() => {
    // A new round is the same query submitted again (or a new conversation): always asked.
    const forced = round !== lastRound.current;
    lastRound.current = round;
    const ticked = sourcesKey ? sourcesKey.split(',') : [];
    askedFor.current = null;
    if (!query || keywordsOnly) {
      setRestored(null);
      conversationRef.current.stream.reset();
      return;
    }
    const kept = forced ? null : recallAnswer(query, ticked);
    if (kept) {
      conversationRef.current.stream.reset();
      setRestored(kept);
      // A follow-up continues the conversation the kept answer belongs to.
      setConversationId(kept.conversationId);
      return;
    }
    setRestored(null);
    askedFor.current = { query, sources: ticked };
    conversationRef.current.ask(query, ticked.length > 0 ? ticked : undefined);
  }, [query, sourcesKey, round, keywordsOnly]);

  // Each answer is kept for its URL, to be shown again rather than asked again.
  useEffect(() => {
    const asked = askedFor.current;
    if (stream.status === 'succeeded' && stream.result && asked)
      rememberAnswer(asked.query, asked.sources, stream.result);
  }, [stream.status, stream.result]);

  // The latest answered turn is the one in the result panel; those before it are listed above.
  const restoredTurn: ThreadTurn | undefined = restored
    ? (turns.find((t) => t.turnId !== null && t.turnId === restored.turnId) ??
      turnFromAnswer(restored))
    : undefined;
  const answered =
    restoredTurn ?? (stream.status === 'succeeded' ? turns[turns.length - 1] : undefined);
  const earlier = restored
    ? turns.slice(
        0,
        Math.max(
          0,
          turns.findIndex((t) => t.turnId !== null && t.turnId === restored.turnId),
        ),
      )
    : answered
      ? turns.slice(0, -1)
      : turns;
  const shown = restored
    ? {
        status: 'succeeded' as const,
        question: restored.question,
        answer: restored.answer,
        sources: restored.sources,
        result: restored,
        error: null,
        searchQuery: restored.searchQuery,
      }
    : stream;
  const newConversation = () => {
    setConversationId(null);
    setRound((n) => n + 1);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = draft.trim();
    if (text && text !== lastRecorded.current) {
      lastRecorded.current = text;
      recordSearch(text);
    }
    if (text && text === query && keywordsOnly) {
      askForAnswer();
    } else if (text && text === query) {
      setRound((n) => n + 1);
      void documents.refetch().catch(() => {});
    } else {
      // Submitted on purpose: asked again even if this tab answered it a moment ago.
      forgetAnswer(text);
      setQuery(text);
    }
  };

  return (
    <>
      {/* The top bar (and its colour switch) is hidden here, so the header carries the switch. */}
      <PageHeader
        title="Search"
        subtitle="Answers from your team's sources"
        actions={<ColorSchemeToggle />}
      />
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 8, lg: 9 }}>
          <Stack gap="xl">
            <form onSubmit={submit} role="search">
              <TextInput
                label="Ask Lumen"
                placeholder="Ask me anything..."
                value={draft}
                onChange={(event) => setDraft(event.currentTarget.value)}
                size="lg"
                radius="md"
                leftSection={<IconSearch size={20} stroke={1.6} />}
                rightSection={
                  <ActionIcon type="submit" size={40} radius="md" aria-label="Search">
                    <IconArrowRight size={20} stroke={1.8} />
                  </ActionIcon>
                }
                rightSectionWidth={56}
                styles={{ input: { height: 60 }, label: { marginBottom: 8 } }}
              />
            </form>
            {query ? (
              <>
                {earlier.length > 0 && (
                  <Paper
                    component="section"
                    aria-label="Earlier in this conversation"
                    withBorder
                    radius="lg"
                    p={{ base: 'md', sm: 'xl' }}
                    maw={620 + 2 * 32}
                  >
                    <Group justify="space-between" mb="md" style={{ rowGap: 4 }}>
                      <Title order={4}>Earlier in this conversation</Title>
                      <Button
                        variant="subtle"
                        size="compact-sm"
                        leftSection={<IconPlus size={14} />}
                        onClick={newConversation}
                        style={{ flexShrink: 0 }}
                      >
                        New conversation
                      </Button>
                    </Group>
                    <ConversationThread
                      turns={earlier}
                      stream={{ ...stream, status: 'idle' }}
                      sourceVariant="chips"
                      feedback={(turn) => (
                        <MemberAnswerFeedback turnId={turn.turnId!} initial={turn.rating} />
                      )}
                    />
                  </Paper>
                )}
                <Paper
                  component="section"
                  aria-label="Search result"
                  withBorder
                  radius="lg"
                  p={{ base: 'md', sm: 'xl' }}
                  maw={620 + 2 * 32}
                >
                  <Stack gap="lg">
                    <Title order={3}>{query}</Title>
                    {keywordsOnly ? (
                      <Group gap="sm">
                        <Text c="dimmed" size="sm">
                          A keyword search: the documents that match are listed below.
                        </Text>
                        <Button
                          variant="light"
                          size="xs"
                          leftSection={<IconSparkles size={14} />}
                          onClick={askForAnswer}
                        >
                          Get an answer
                        </Button>
                      </Group>
                    ) : (
                      <SuggestedAnswer
                        stream={shown}
                        footer={
                          answered?.turnId ? (
                            <MemberAnswerFeedback
                              // A kept answer's vote arrives with its conversation, after it shows.
                              key={`${answered.turnId}:${answered.rating?.vote ?? ''}`}
                              turnId={answered.turnId}
                              initial={answered.rating}
                            />
                          ) : null
                        }
                      />
                    )}
                  </Stack>
                </Paper>
                <Stack component="section" aria-label="Related documents" gap="sm">
                  <Title order={3}>Related documents</Title>
                  <DocumentHitList
                    query={query}
                    hits={documents.data?.searchDocuments.hits}
                    loading={documents.loading}
                    error={documents.error ? errorMessage(documents.error) : null}
                    filtered={sources.length > 0}
                  />
                </Stack>
              </>
            ) : (
              <EmptyState
                icon={IconSparkles}
                title="Ask a question or search your sources"
                description="Lumen answers from your team's connected tools and uploaded files, shows the sources behind every answer and lists the documents that match."
              />
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4, lg: 3 }}>
          <SourceFilter
            selected={sources}
            onChange={setSources}
            connected={connectedKinds.kinds}
            loading={connectedKinds.loading}
          />
        </Grid.Col>
      </Grid>
    </>
  );
}
