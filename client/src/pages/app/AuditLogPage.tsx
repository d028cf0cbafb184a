import { Alert, Button, Stack } from '@mantine/core';
import { useApolloClient } from '@apollo/client/react';
import { IconAlertCircle, IconHistory } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  AuditEventsDocument,
  useAuditEventsQuery,
  type AuditEventFieldsFragment,
  type AuditEventsQuery,
  type AuditEventsQueryVariables,
} from '../../modules/audit/graphql/audit.generated';
import { PageHeader } from '../../layout/PageHeader';
import { toCsv } from '../../modules/audit/audit-format';
import { AuditEventTable } from '../../modules/audit/components/AuditEventTable';
import {
  AuditFiltersBar,
  type AuditFilterValues,
} from '../../modules/audit/components/AuditFiltersBar';
import { EmptyState } from '../../shared/EmptyState';
import { QueryState } from '../../shared/QueryState';
import { useLoadMore } from '../../shared/use-load-more';
import { errorMessage } from '../../shared/graphql-errors';
import { usePageTitle } from '../../shared/use-page-title';

const PAGE_SIZE = 50;
/** An export stops here: a bigger one belongs to the API (auditEvents, paged). */
const EXPORT_MAX = 10_000;

/**
 * The filters live in the address (`?action=…&actor=…`): a reload keeps them, a link shares
 * them, and each change is a history entry the back button returns from. The query reads a copy
 * in state, brought in line after the address changes: the router renders a navigation as a
 * transition, and a query whose variables change inside one can keep it from ever finishing.
 */
function useAuditFilters(): [AuditFilterValues, (next: AuditFilterValues) => void] {
  const [params, setParams] = useSearchParams();
  const action = params.get('action');
  const actorId = params.get('actor');
  const [filters, setLocal] = useState<AuditFilterValues>({ action, actorId });
  useEffect(() => {
    setLocal((prev) =>
      prev.action === action && prev.actorId === actorId ? prev : { action, actorId },
    );
  }, [action, actorId]);
  const setFilters = (next: AuditFilterValues) => {
    setLocal(next);
    setParams((prev) => {
      const out = new URLSearchParams(prev);
      for (const [key, value] of [
        ['action', next.action],
        ['actor', next.actorId],
      ] as const) {
        if (value) out.set(key, value);
        else out.delete(key);
      }
      return out;
    });
  };
  return [filters, setFilters];
}

/** /app/audit-log (user.write): what happened in the workspace, filtered, paged, exportable. */
export function AuditLogPage() {
  usePageTitle('Audit log');
  const client = useApolloClient();
  const [filters, setFilters] = useAuditFilters();
  const variables: AuditEventsQueryVariables = {
    first: PAGE_SIZE,
    action: filters.action,
    actorId: filters.actorId,
  };
  const { data, error, fetchMore, refetch } = useAuditEventsQuery({
    variables,
    fetchPolicy: 'network-only',
  });
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);
  const page = data?.auditEvents;

  const more = useLoadMore(page?.pageInfo.endCursor, (after) =>
    fetchMore({
      variables: { after },
      updateQuery: (previous, { fetchMoreResult }) => ({
        auditEvents: {
          ...fetchMoreResult.auditEvents,
          nodes: [...previous.auditEvents.nodes, ...fetchMoreResult.auditEvents.nodes],
        },
      }),
    }),
  );

  // Every event the filters select (up to EXPORT_MAX), 200 a request, as one CSV file.
  const exportCsv = async () => {
    setExporting(true);
    setExportError(null);
    try {
      const all: AuditEventFieldsFragment[] = [];
      let after: string | null = null;
      do {
        const result: { data?: AuditEventsQuery } = await client.query<
          AuditEventsQuery,
          AuditEventsQueryVariables
        >({
          query: AuditEventsDocument,
          variables: { ...variables, first: 200, after },
          fetchPolicy: 'network-only',
        });
        const chunk = result.data?.auditEvents;
        if (!chunk) break;
        all.push(...chunk.nodes);
        after = chunk.pageInfo.hasNextPage ? (chunk.pageInfo.endCursor ?? null) : null;
      } while (after && all.length < EXPORT_MAX);
      const url = URL.createObjectURL(new Blob([toCsv(all)], { type: 'text/csv' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = `lumen-audit-log-${new Date().toISOString().slice(0, 10)}.csv`;
      link.click();
      URL.revokeObjectURL(url);
    } catch (e) {
      setExportError(errorMessage(e));
    } finally {
      setExporting(false);
    }
  };

  return (
    <>
      <PageHeader
        title="Audit log"
        subtitle="Team Settings"
        description="Who changed what in this workspace: members, invitations, keys, connectors, documents and bots. Events are kept for a year."
      />
      <Stack gap="md">
        <AuditFiltersBar
          value={filters}
          onChange={setFilters}
          onExport={() => void exportCsv()}
          exporting={exporting}
        />
        <QueryState
          data={page}
          error={error}
          onRetry={() => void refetch()}
          isEmpty={(p) => p.nodes.length === 0}
          empty={
            <EmptyState
              icon={IconHistory}
              title={filters.action || filters.actorId ? 'No matching events' : 'Nothing yet'}
              headingOrder={2}
              description={
                filters.action || filters.actorId
                  ? 'No event matches these filters. Clear them to see everything.'
                  : 'Role changes, invitations, API keys, connectors, deletions and bot sharing show up here as they happen.'
              }
            />
          }
        >
          {(p) => <AuditEventTable events={p.nodes} />}
        </QueryState>
        {(more.error ?? exportError) && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
            {more.error ?? exportError}
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
    </>
  );
}
