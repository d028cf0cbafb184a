import {
  ActionIcon,
  Badge,
  Button,
  Collapse,
  Group,
  Paper,
  Progress,
  Text,
  ThemeIcon,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import {
  IconChevronRight,
  IconCloudUpload,
  IconFilePlus,
  IconPlug,
  IconTrash,
} from '@tabler/icons-react';
import { useId } from 'react';
import {
  ConnectionStatus,
  SyncBadge,
  SyncProgress,
} from '../../connectors/components/ConnectionStatus';
import { CONNECTORS, isConnectorKind } from '../../connectors/connector-kinds';
import { AccessButton } from '../../access/components/AccessButton';
import { UnreadableNotice } from '../../access/components/UnreadableNotice';
import { plural, sourceProgress, type DocumentNode, type SourceNode } from '../document-status';
import { SourceDocumentList } from './SourceDocumentList';
import { UploadProgressNotice, type RecentUpload } from './UploadProgressNotice';
import classes from './SourceRow.module.css';
import { providerLabel } from '../../linked-accounts/providers';

interface SourceRowProps {
  source: SourceNode;
  expanded: boolean;
  onToggle: (id: string) => void;
  /** Absent for members who may not delete. */
  onDeleteSource?: (source: SourceNode) => void;
  onDeleteDocument?: (doc: DocumentNode) => void;
  /** For a connected tool (members who manage sources). */
  onResync?: (source: SourceNode) => void;
  resyncing?: boolean;
  onEdit?: (source: SourceNode) => void;
  /** Opens "Who can see this?" (to change it, for the owner and admins). */
  onAccess: (source: SourceNode) => void;
  /** The signed-in member (a source's owner is "you" to them). */
  viewerId?: string;
  /** Opens the upload dialog for this upload source (members who may add files it reads). */
  onAddFiles?: (source: SourceNode) => void;
  /** Files just uploaded to it, followed until they are indexed. */
  recentUpload?: RecentUpload;
  onDismissUpload?: () => void;
}

const itemWordOf = (source: SourceNode) =>
  isConnectorKind(source.kind) ? CONNECTORS[source.kind].itemWord : 'file';

function summary(source: SourceNode): string {
  const parts = [plural(source.documentCount, itemWordOf(source))];
  if (source.documentCount > 0) parts.push(`${source.indexedCount} indexed`);
  if (source.chunkCount > 0) parts.push(plural(source.chunkCount, 'chunk'));
  if (source.failedCount > 0) parts.push(`${source.failedCount} failed`);
  return parts.join(' · ');
}

/** A connected source: its name and totals, expanding to its documents. */
export function SourceRow({
  source,
  expanded,
  onToggle,
  onDeleteSource,
  onDeleteDocument,
  onResync,
  resyncing,
  onEdit,
  onAccess,
  viewerId,
  onAddFiles,
  recentUpload,
  onDismissUpload,
}: SourceRowProps) {
  const panelId = useId();
  const connection = source.connection;
  const indexing = !connection && source.pendingCount > 0;
  const mirrored = connection && source.access.mode === 'MIRROR';
  const degraded = mirrored && source.permissionsState === 'degraded';
  const SourceIcon = isConnectorKind(source.kind)
    ? CONNECTORS[source.kind].icon
    : source.kind === 'file_upload'
      ? IconCloudUpload
      : IconPlug;
  return (
    <Paper component="li" withBorder radius="lg" aria-label={source.name}>
      <div className={classes.header}>
        <UnstyledButton
          className={classes.toggle}
          aria-expanded={expanded}
          aria-controls={panelId}
          aria-label={`${expanded ? 'Hide' : 'Show'} files of ${source.name}`}
          onClick={() => onToggle(source.id)}
        >
          <IconChevronRight
            size={18}
            className={classes.chevron}
            data-expanded={expanded || undefined}
            aria-hidden
          />
          <ThemeIcon variant="light" size={38} radius="md">
            <SourceIcon size={20} stroke={1.6} />
          </ThemeIcon>
          <div style={{ flex: 1, minWidth: 0 }}>
            <Group gap="xs" wrap="nowrap">
              <Text fw={600} truncate>
                {source.name}
              </Text>
              {indexing && (
                <Badge size="sm" variant="light" color="blue" radius="sm" style={{ flexShrink: 0 }}>
                  Indexing
                </Badge>
              )}
              {connection && <SyncBadge status={connection.status} />}
              {degraded && (
                <Badge
                  size="sm"
                  variant="light"
                  color="yellow"
                  radius="sm"
                  style={{ flexShrink: 0 }}
                  title={
                    source.permissionsFromMembers
                      ? "Its tool's permissions could not be read: each member is asked about with their own linked account"
                      : "Its tool's permissions could not be read: only the owner reads it"
                  }
                >
                  {source.permissionsFromMembers ? 'Asked per member' : 'Owner only'}
                </Badge>
              )}
            </Group>
            <Text size="sm" c="dimmed" lineClamp={1} title={source.description}>
              {source.description}
            </Text>
          </div>
          <Text size="sm" c="dimmed" visibleFrom="sm" style={{ flexShrink: 0 }}>
            {summary(source)}
          </Text>
        </UnstyledButton>
        <div className={classes.access}>
          <AccessButton source={source} viewerId={viewerId} onOpen={() => onAccess(source)} />
        </div>
        {onAddFiles && source.kind === 'file_upload' && source.readable && (
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconFilePlus size={16} />}
            aria-label={`Add files to ${source.name}`}
            onClick={() => onAddFiles(source)}
            style={{ flexShrink: 0 }}
          >
            Add files
          </Button>
        )}
        {onDeleteSource && (
          <Tooltip label={connection ? 'Disconnect' : 'Delete source'} withArrow>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={`${connection ? 'Disconnect' : 'Delete source'} ${source.name}`}
              onClick={() => onDeleteSource(source)}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        )}
      </div>
      {recentUpload && (
        <UploadProgressNotice
          source={source}
          upload={recentUpload}
          onDismiss={() => onDismissUpload?.()}
        />
      )}
      {connection && !expanded && <SyncProgress name={source.name} connection={connection} />}
      {indexing && !expanded && (
        <Progress
          value={sourceProgress(source)}
          size={3}
          radius={0}
          aria-label={`Indexing ${source.name}`}
        />
      )}
      <Collapse expanded={expanded} id={panelId}>
        <Text size="sm" c="dimmed" hiddenFrom="sm" px="md" pb="xs">
          {summary(source)}
        </Text>
        {connection && (
          <div className={classes.status}>
            <ConnectionStatus
              connection={connection}
              itemWord={itemWordOf(source)}
              permissions={mirrored ? source : undefined}
              tool={isConnectorKind(source.kind) ? CONNECTORS[source.kind].label : undefined}
              signInWith={
                isConnectorKind(source.kind)
                  ? providerLabel(CONNECTORS[source.kind].provider)
                  : undefined
              }
              onResync={onResync && (() => onResync(source))}
              resyncing={resyncing}
              onEdit={onEdit && (() => onEdit(source))}
              onDisconnect={onDeleteSource && (() => onDeleteSource(source))}
            />
          </div>
        )}
        {source.readable ? (
          <SourceDocumentList
            source={source}
            itemWord={itemWordOf(source)}
            tool={isConnectorKind(source.kind) ? CONNECTORS[source.kind].label : undefined}
            onDeleteDocument={onDeleteDocument}
          />
        ) : (
          <div className={classes.notice}>
            <UnreadableNotice source={source} onChangeAccess={() => onAccess(source)} />
          </div>
        )}
      </Collapse>
    </Paper>
  );
}
