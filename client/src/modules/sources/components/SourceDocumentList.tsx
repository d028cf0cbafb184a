import { Button, Group, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { QueryState } from '../../../shared/QueryState';
import { isIndexing, type DocumentNode, type SourceNode } from '../document-status';
import { useSourceDocumentPageQuery } from '../graphql/sources.generated';
import { useDocumentsProgress } from '../use-sources';
import { DocumentRow } from './DocumentRow';
import classes from './SourceRow.module.css';

interface SourceDocumentListProps {
  source: SourceNode;
  /** 'file' or the connected tool's word for an item (page, issue…). */
  itemWord: string;
  onDeleteDocument?: (doc: DocumentNode) => void;
}

interface PageProps {
  sourceId: string;
  total: number;
  itemWord: string;
  rows: (doc: DocumentNode) => ReactNode;
}

/**
 * A source's documents, 50 at a time: the first page comes with the sources list, "Load more"
 * fetches the next by its cursor. Each page reads the cache, so the indexing progress polled
 * for a document shows in whichever page holds it.
 */
export function SourceDocumentList({
  source,
  itemWord,
  onDeleteDocument,
}: SourceDocumentListProps) {
  const { nodes, pageInfo } = source.documentPage;
  const rows = (doc: DocumentNode) => (
    <DocumentRow key={doc.id} doc={doc} onDelete={doc.webUrl ? undefined : onDeleteDocument} />
  );
  if (nodes.length === 0)
    return (
      <Text size="sm" c="dimmed" px="md" py="sm" className={classes.documents}>
        {source.connection ? `No ${itemWord}s synced yet.` : 'No files in this source yet.'}
      </Text>
    );
  return (
    <ul
      className={classes.documents}
      aria-label={`${source.connection ? 'Items' : 'Files'} of ${source.name}`}
    >
      {nodes.map(rows)}
      {pageInfo.hasNextPage && pageInfo.endCursor && (
        <NextPage
          sourceId={source.id}
          after={pageInfo.endCursor}
          shown={nodes.length}
          total={source.documentCount}
          itemWord={itemWord}
          rows={rows}
        />
      )}
    </ul>
  );
}

/** "Load more" under a page; once pressed, the page after `after`. */
function NextPage({ after, shown, ...page }: PageProps & { after: string; shown: number }) {
  const [wanted, setWanted] = useState(false);
  if (wanted) return <LoadedPage after={after} shown={shown} {...page} />;
  return (
    <li className={classes.more}>
      <Group justify="space-between" gap="xs">
        <Text size="sm" c="dimmed">
          Showing {shown.toLocaleString()} of {page.total.toLocaleString()} {page.itemWord}s: the
          ones that need attention first, then the newest.
        </Text>
        <Button variant="default" size="xs" onClick={() => setWanted(true)}>
          Load more
        </Button>
      </Group>
    </li>
  );
}

function LoadedPage({
  sourceId,
  after,
  shown,
  ...page
}: PageProps & { after: string; shown: number }) {
  const query = useSourceDocumentPageQuery({ variables: { id: sourceId, after } });
  const loaded = query.data?.source.documentPage;
  useDocumentsProgress(loaded?.nodes.filter(isIndexing).map((doc) => doc.id) ?? []);
  if (!loaded)
    return (
      <li className={classes.more}>
        <QueryState
          data={loaded}
          error={query.error}
          onRetry={() => void query.refetch()}
          errorTitle="Could not load more"
          loading={
            <Text size="sm" c="dimmed" role="status">
              Loading more...
            </Text>
          }
        >
          {() => null}
        </QueryState>
      </li>
    );
  return (
    <>
      {loaded.nodes.map(page.rows)}
      {loaded.pageInfo.hasNextPage && loaded.pageInfo.endCursor && (
        <NextPage
          sourceId={sourceId}
          after={loaded.pageInfo.endCursor}
          shown={shown + loaded.nodes.length}
          {...page}
        />
      )}
    </>
  );
}
