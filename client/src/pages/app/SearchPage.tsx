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
import { ColorSchemeToggle } from '../../shared/ColorSchemeToggle';
import { EmptyState } from '../../shared/EmptyState';
import { errorMessage } from '../../shared/graphql-errors';

/** How many related documents the results page lists. */
export const RELATED_DOCUMENTS = 10;

/**
 * /app/search (no top bar): the query and the ticked sources live in the URL; each change runs
 * the streamed answer and the related-documents search again (SPEC §4 search interactions).
 * Queries asked one after another form a conversation (a follow-up is answered in context);
 * the earlier ones stay above the latest until "New conversation". A reload starts afresh.
 */
export function SearchPage() {
  const { query, sources, keywordsOnly, setQuery, setSources, askForAnswer } = useSearchUrl();
  const [draft, setDraft] = useState(query);
  // Bumped when the same query is submitted again, to run it again.
  const [round, setRound] = useState(0);
  const lastRecorded = useRef<string | null>(null);
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
    if (!query || keywordsOnly) {
      conversationRef.current.stream.reset();
      return;
    }
    conversationRef.current.ask(query, sourcesKey ? sourcesKey.split(',') : undefined);
  }, [query, sourcesKey, round, keywordsOnly]);

  // The latest answered turn is the one in the result panel; those before it are listed above.
  const answered = stream.status === 'succeeded' ? turns[turns.length - 1] : undefined;
  const earlier = answered ? turns.slice(0, -1) : turns;
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
                    <Group justify="space-between" mb="md">
                      <Title order={4}>Earlier in this conversation</Title>
                      <Button
                        variant="subtle"
                        size="compact-sm"
                        leftSection={<IconPlus size={14} />}
                        onClick={newConversation}
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
                        stream={stream}
                        footer={
                          answered?.turnId ? (
                            <MemberAnswerFeedback
                              key={answered.turnId}
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
          <SourceFilter selected={sources} onChange={setSources} />
        </Grid.Col>
      </Grid>
    </>
  );
}
