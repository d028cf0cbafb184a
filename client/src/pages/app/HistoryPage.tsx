import { Alert, Button, Loader, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertCircle, IconMessages, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import {
  useConversationsQuery,
  type HistoryConversationFieldsFragment,
} from '../../modules/conversations/graphql/history.generated';
import { PageHeader } from '../../layout/PageHeader';
import { ConversationList } from '../../modules/conversations/history/ConversationList';
import { DeleteConversationDialog } from '../../modules/conversations/history/DeleteConversationDialog';
import { EmptyState } from '../../shared/EmptyState';
import { QueryState } from '../../shared/QueryState';
import { useLoadMore } from '../../shared/use-load-more';
import { usePageTitle } from '../../shared/use-page-title';

export const HISTORY_PAGE_SIZE = 20;
/** Typing pauses this long before the server is asked (one request per word, not per key). */
export const SEARCH_DEBOUNCE_MS = 250;

/** /app/history: the member's own conversations, searchable, to resume, rename or delete. */
export function HistoryPage() {
  usePageTitle('History');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const { data, error, loading, fetchMore, refetch } = useConversationsQuery({
    variables: { first: HISTORY_PAGE_SIZE, search: debounced || null },
    notifyOnNetworkStatusChange: false,
  });
  const [deleting, setDeleting] = useState<HistoryConversationFieldsFragment | null>(null);
  const page = data?.conversations;

  const more = useLoadMore(page?.pageInfo.endCursor, (after) =>
    fetchMore({
      variables: { after },
      updateQuery: (previous, { fetchMoreResult }) => ({
        conversations: {
          ...fetchMoreResult.conversations,
          nodes: [...previous.conversations.nodes, ...fetchMoreResult.conversations.nodes],
        },
      }),
    }),
  );

  return (
    <>
      <PageHeader
        title="History"
        subtitle="Your conversations"
        description="Every conversation you held on Home or with a bot, latest first. Only you can see them; the workspace deletes conversations nobody continues for a while."
      />
      <Stack gap="md">
        <TextInput
          aria-label="Search conversations"
          placeholder="Search your conversations"
          leftSection={<IconSearch size={16} aria-hidden />}
          rightSection={loading && page ? <Loader size="xs" /> : null}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          maxLength={200}
          maw={480}
        />
        <QueryState
          data={page}
          error={error}
          onRetry={() => void refetch()}
          isEmpty={(p) => p.nodes.length === 0}
          empty={<NoConversations search={debounced} />}
        >
          {(p) => <ConversationList conversations={p.nodes} onDelete={setDeleting} />}
        </QueryState>
        {more.error && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
            {more.error}
          </Alert>
        )}
        {page?.pageInfo.hasNextPage && (
          <Button
            variant="default"
            onClick={() => void more.loadMore()}
            loading={more.busy}
            style={{ alignSelf: 'center' }}
          >
            Load more
          </Button>
        )}
      </Stack>
      <DeleteConversationDialog conversation={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}

function NoConversations({ search }: { search: string }) {
  if (search)
    return (
      <EmptyState
        icon={IconSearch}
        title="No matching conversations"
        headingOrder={2}
        description={`No conversation's name or questions contain “${search}”.`}
      />
    );
  return (
    <EmptyState
      icon={IconMessages}
      title="No conversations yet"
      headingOrder={2}
      description="No conversations yet — ask a question on Home, and the conversation shows up here so you can pick it up later."
      actions={
        <Button component={Link} to="/app/dashboard">
          Ask on Home
        </Button>
      }
    />
  );
}
