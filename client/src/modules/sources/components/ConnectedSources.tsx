import { Alert, Button, Group, Skeleton, Stack } from '@mantine/core';
import { IconAlertCircle, IconPlugConnected, IconUpload } from '@tabler/icons-react';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useResyncSourceMutation } from '../../connectors/graphql/connectors.generated';
import { EmptyState } from '../../../shared/EmptyState';
import { errorMessage } from '../../../shared/graphql-errors';
import { CONNECTORS, isConnectorKind, type ConnectorKind } from '../../connectors/connector-kinds';
import { SourceAccessDialog } from '../../access/components/SourceAccessDialog';
import { useSession } from '../../auth/use-session';
import type { SourceNode } from '../document-status';
import type { useSources } from '../use-sources';
import { DeleteSourceDialog, type DeleteTarget } from './DeleteSourceDialog';
import { SourceRow } from './SourceRow';
import type { RecentUpload } from './UploadProgressNotice';

interface ConnectedSourcesProps {
  query: ReturnType<typeof useSources>;
  /** Ids of the sources shown with their files. */
  expanded: ReadonlySet<string>;
  onToggle: (id: string) => void;
  /** May upload and delete (source.write). */
  canWrite: boolean;
  onUpload: () => void;
  /** Opens a connected tool's settings dialog. */
  onEditConnection: (kind: ConnectorKind) => void;
  /** Opens the upload dialog to add files to an upload source. */
  onAddFiles?: (source: SourceNode) => void;
  /** Files just uploaded, by source id: each row follows its own until they are indexed. */
  recentUploads?: ReadonlyMap<string, RecentUpload>;
  onDismissUpload?: (sourceId: string) => void;
}

/** SPEC §2 'Connected sources': the workspace's real sources, each expandable to its files. */
export function ConnectedSources({
  query,
  expanded,
  onToggle,
  canWrite,
  onUpload,
  onEditConnection,
  onAddFiles,
  recentUploads,
  onDismissUpload,
}: ConnectedSourcesProps) {
  const { sources, loading, error, refetch } = query;
  const [deleting, setDeleting] = useState<DeleteTarget | null>(null);
  const [resync] = useResyncSourceMutation();
  const [resyncing, setResyncing] = useState<string | null>(null);
  const [accessOf, setAccessOf] = useState<string | null>(null);
  const { user } = useSession();

  const startResync = async (source: SourceNode) => {
    setResyncing(source.id);
    try {
      await resync({ variables: { id: source.id } });
      notifications.show({ color: 'blue', message: `Syncing ${source.name}` });
      void refetch();
    } catch (e) {
      notifications.show({
        color: 'red',
        title: `Could not resync ${source.name}`,
        message: errorMessage(e),
      });
    } finally {
      setResyncing(null);
    }
  };

  const problem = error && (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertCircle size={18} />}
      title="Could not load the sources"
      role="alert"
    >
      <Group justify="space-between" gap="sm">
        {errorMessage(error)}
        <Button size="xs" variant="light" color="red" onClick={() => void refetch()}>
          Try again
        </Button>
      </Group>
    </Alert>
  );

  if (!sources) {
    if (loading)
      return (
        <Stack gap="sm" aria-busy="true" aria-label="Loading sources">
          <Skeleton height={64} radius="lg" />
          <Skeleton height={64} radius="lg" />
        </Stack>
      );
    return problem ?? null;
  }

  if (sources.length === 0)
    return (
      <Stack gap="sm">
        {problem}
        <EmptyState
          icon={IconPlugConnected}
          headingOrder={4}
          title="No sources connected yet"
          description={
            canWrite
              ? 'Upload files or pick a source below. Lumen indexes them so your team can ask questions and get answers with sources.'
              : 'An admin or product expert can connect tools and upload files. Once they do, the sources show up here.'
          }
          actions={
            canWrite && (
              <Button leftSection={<IconUpload size={16} />} onClick={onUpload}>
                Upload files
              </Button>
            )
          }
        />
      </Stack>
    );

  const openAccess = (source: SourceNode) => setAccessOf(source.id);

  const askDeleteSource = (source: SourceNode) =>
    setDeleting(
      isConnectorKind(source.kind)
        ? {
            kind: 'connection',
            id: source.id,
            name: source.name,
            documentCount: source.documentCount,
            itemWord: CONNECTORS[source.kind].itemWord,
          }
        : { kind: 'source', id: source.id, name: source.name, documentCount: source.documentCount },
    );

  return (
    <Stack gap="sm">
      {problem}
      <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Sources">
        {sources.map((source) => (
          <SourceRow
            key={source.id}
            source={source}
            expanded={expanded.has(source.id)}
            onToggle={onToggle}
            onDeleteSource={canWrite ? askDeleteSource : undefined}
            onDeleteDocument={
              canWrite
                ? (doc) => setDeleting({ kind: 'document', id: doc.id, name: doc.fileName })
                : undefined
            }
            onResync={canWrite ? (s) => void startResync(s) : undefined}
            resyncing={resyncing === source.id}
            onEdit={
              canWrite && isConnectorKind(source.kind)
                ? () => onEditConnection(source.kind as ConnectorKind)
                : undefined
            }
            onAccess={openAccess}
            viewerId={user?.id}
            onAddFiles={canWrite ? onAddFiles : undefined}
            recentUpload={recentUploads?.get(source.id)}
            onDismissUpload={() => onDismissUpload?.(source.id)}
          />
        ))}
      </Stack>
      <SourceAccessDialog
        source={sources.find((s) => s.id === accessOf) ?? null}
        onClose={() => setAccessOf(null)}
      />
      {canWrite && (
        <DeleteSourceDialog
          target={deleting}
          onClose={() => setDeleting(null)}
          onDeleted={() => void refetch()}
        />
      )}
    </Stack>
  );
}
