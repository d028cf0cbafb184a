import { Button, Group, SegmentedControl, Text } from '@mantine/core';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import type { DocumentOrder } from '../../../graphql/types';
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
  /** The connected tool's name (its items link to it). */
  tool?: string;
  onDeleteDocument?: (doc: DocumentNode) => void;
}

interface PageProps {
  sourceId: string;
  order: DocumentOrder;
  total: number;
  itemWord: string;
  rows: (doc: DocumentNode) => ReactNode;
}

/** The orders a source's items can be listed in; the first is the one the sources list reads. */
export const ORDERS: { value: DocumentOrder; label: string; describes: string }[] = [
  { value: 'NAME', label: 'Name', describes: 'by name' },
  { value: 'UPDATED', label: 'Last updated', describes: 'last updated first' },
  { value: 'STATUS', label: 'Status', describes: 'failed and indexing first, then the newest' },
];

/**
 * A source's documents, 50 at a time, in a stable order (by name unless another is chosen): the
 * first page by name comes with the sources list, other orders and "Load more" read the next by
 * its cursor. Each page reads the cache, so the indexing progress polled for a document shows in
 * whichever page holds it.
 */
export function SourceDocumentList({
  source,
  itemWord,
  tool,
  onDeleteDocument,
}: SourceDocumentListProps) {
  const [order, setOrder] = useState<DocumentOrder>('NAME');
  const { nodes, pageInfo } = source.documentPage;
  const rows = (doc: DocumentNode) => (
    <DocumentRow
      key={doc.id}
      doc={doc}
      tool={tool}
      onDelete={doc.webUrl ? undefined : onDeleteDocument}
    />
  );
  if (nodes.length === 0)
    return (
      <Text size="sm" c="dimmed" px="md" py="sm" className={classes.documents}>
        {source.connection ? `No ${itemWord}s synced yet.` : 'No files in this source yet.'}
      </Text>
    );
  const page = { sourceId: source.id, order, total: source.documentCount, itemWord, rows };
  return (
    <>
      {source.documentCount > 1 && (
        <Group justify="flex-end" gap="xs" px="md" py={6} className={classes.sortBar}>
          <Text size="xs" c="dimmed" id={`order-${source.id}`}>
            Sort by
          </Text>
          <SegmentedControl
            size="xs"
            value={order}
            onChange={(value) => setOrder(value as DocumentOrder)}
            data={ORDERS.map(({ value, label }) => ({ value, label }))}
            aria-labelledby={`order-${source.id}`}
          />
        </Group>
      )}
      <ul
        className={classes.documents}
        aria-label={`${source.connection ? 'Items' : 'Files'} of ${source.name}`}
      >
        {order === ORDERS[0].value ? (
          <>
            {nodes.map(rows)}
            {pageInfo.hasNextPage && pageInfo.endCursor && (
              <NextPage after={pageInfo.endCursor} shown={nodes.length} {...page} />
            )}
          </>
        ) : (
          <LoadedPage key={order} after={null} shown={0} {...page} />
        )}
      </ul>
    </>
  );
}

/** "Load more" under a page; once pressed, the page after `after`. */
function NextPage({ after, shown, ...page }: PageProps & { after: string; shown: number }) {
  const [wanted, setWanted] = useState(false);
  if (wanted) return <LoadedPage after={after} shown={shown} {...page} />;
  const describes = ORDERS.find((o) => o.value === page.order)?.describes;
  return (
    <li className={classes.more}>
      <Group justify="space-between" gap="xs">
        <Text size="sm" c="dimmed">
          Showing {shown.toLocaleString()} of {page.total.toLocaleString()} {page.itemWord}s,{' '}
          {describes}.
        </Text>
        <Button variant="default" size="xs" onClick={() => setWanted(true)}>
          Load more
        </Button>
      </Group>
    </li>
  );
}

/** A page read by its cursor (`after` null: the first page of an order other than by name). */
function LoadedPage({
  sourceId,
  after,
  shown,
  ...page
}: PageProps & { after: string | null; shown: number }) {
  const query = useSourceDocumentPageQuery({
    variables: { id: sourceId, after, orderBy: page.order },
  });
  const loaded = query.data?.source.documentPage;
  useDocumentsProgress(loaded?.nodes.filter(isIndexing).map((doc) => doc.id) ?? []);

  // The first page of another order is read again when the source gains or loses documents.
  const { refetch } = query;
  const counted = useRef(page.total);
  useEffect(() => {
    if (after !== null || counted.current === page.total) return;
    counted.current = page.total;
    void refetch().catch(() => {});
  }, [after, page.total, refetch]);

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
              Loading{after === null ? '' : ' more'}...
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
