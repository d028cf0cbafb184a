import { Alert, Badge, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconPlugConnected, IconRefresh } from '@tabler/icons-react';
import type {
  SourceConnectionFieldsFragment,
  SourcePermissionsFieldsFragment,
} from '../graphql/connectors.generated';
import { syncStatusOf } from '../connector-kinds';
import { clockTime, timeFromNow } from '../format-time';

const count = new Intl.NumberFormat();

/** The sync status as a badge (also used in the collapsed row). */
export function SyncBadge({ status }: { status: string }) {
  const { label, color } = syncStatusOf(status);
  return (
    <Badge size="sm" variant="light" color={color} radius="sm" style={{ flexShrink: 0 }}>
      {label}
    </Badge>
  );
}

/** 0–100 when the number of items is known from the last complete sync; null otherwise. */
export function syncPercent(c: SourceConnectionFieldsFragment): number | null {
  if (!c.itemsTotal) return null;
  return Math.min(100, Math.round((c.itemsSeen / c.itemsTotal) * 100));
}

/** A progress bar while a sync runs: measured when the total is known, moving otherwise. */
export function SyncProgress({
  name,
  connection,
}: {
  name: string;
  connection: SourceConnectionFieldsFragment;
}) {
  if (connection.status !== 'syncing') return null;
  const percent = syncPercent(connection);
  return (
    <Progress
      value={percent ?? 100}
      striped={percent === null}
      animated
      size={3}
      radius={0}
      aria-label={`Syncing ${name}`}
    />
  );
}

/** "3 documents are readable by no linked member yet"; null when there are none (or not told). */
export function unmatchedLine(n: number | null | undefined): string | null {
  if (!n || n <= 0) return null;
  return `${count.format(n)} ${n === 1 ? 'document is' : 'documents are'} readable by no linked member yet`;
}

/**
 * How a mirrored source's permissions stand: when they were last read; when the connecting
 * account may not read them, a warning (meanwhile each member is asked about with their own
 * linked account, or, for a tool without that fallback, only the owner reads); for the
 * owner and admins, the documents no linked member may read yet.
 */
export function PermissionsStatus({
  permissions: p,
  tool,
}: {
  permissions: SourcePermissionsFieldsFragment;
  tool: string;
}) {
  const unmatched = unmatchedLine(p.unmatchedDocumentCount);
  return (
    <>
      <Text size="sm" c="dimmed">
        {p.permissionsCheckedAt
          ? `Permissions checked ${timeFromNow(p.permissionsCheckedAt)}`
          : 'Permissions not read yet'}
        {unmatched ? ` · ${unmatched}` : ''}
      </Text>
      {p.permissionsState === 'degraded' && (
        <Alert
          color="yellow"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          title={`Could not read ${tool}'s permissions`}
          role="alert"
        >
          <Stack gap={4}>
            <Text size="sm">
              {p.permissionsFromMembers
                ? `Meanwhile each member who links their account with read access finds what ${tool} lets them open, asked with their own account; the others find nothing from it. The owner reads everything.`
                : `Only the owner can read its documents until the connecting account may read ${tool}'s permissions.`}
            </Text>
            {p.permissionsError && <Text size="sm">{p.permissionsError}</Text>}
          </Stack>
        </Alert>
      )}
    </>
  );
}

interface ConnectionStatusProps {
  connection: SourceConnectionFieldsFragment;
  itemWord: string;
  /** A source that mirrors its tool's permissions: how they were last read. */
  permissions?: SourcePermissionsFieldsFragment;
  /** The tool's name, for the permissions' warning. */
  tool?: string;
  /** Whose sign-in an OAuth connection was made with ("Google", "Atlassian"). */
  signInWith?: string;
  /** Absent for members who may not manage sources. */
  onResync?: () => void;
  resyncing?: boolean;
  onEdit?: () => void;
  onDisconnect?: () => void;
}

/** Where a connected tool's sync stands: progress, times, last counts, the last error, actions. */
export function ConnectionStatus({
  connection: c,
  itemWord,
  permissions,
  tool = 'the tool',
  signInWith = 'the tool’s sign-in',
  onResync,
  resyncing,
  onEdit,
  onDisconnect,
}: ConnectionStatusProps) {
  const syncing = c.status === 'syncing';
  const percent = syncPercent(c);
  const lastRun = [
    `${count.format(c.itemsSeen)} listed`,
    `${count.format(c.itemsIndexed)} new or changed`,
    c.itemsFailed > 0 && `${count.format(c.itemsFailed)} failed`,
    c.itemsDeleted > 0 && `${count.format(c.itemsDeleted)} removed`,
  ]
    .filter(Boolean)
    .join(' · ');
  const needsReauth = c.status === 'needs_reauth';
  return (
    <Stack gap="xs" px="md" py="sm">
      <Group gap="xs" wrap="wrap">
        <IconPlugConnected size={16} color="var(--mantine-color-dimmed)" aria-hidden />
        <Text size="sm">
          {c.site}
          {c.keys.length > 0 ? ` · ${c.keys.join(', ')}` : ' · everything the account can see'}
          {c.authMode === 'oauth'
            ? ` · signed in with ${signInWith}`
            : c.account
              ? ` · ${c.account}`
              : ''}
        </Text>
      </Group>
      {syncing && (
        <div>
          <Text size="sm" c="dimmed" mb={4}>
            {percent !== null
              ? `Syncing: ${count.format(c.itemsSeen)} of about ${count.format(c.itemsTotal!)} ${itemWord}s checked (${percent}%)`
              : `Syncing: ${count.format(c.itemsSeen)} ${itemWord}s found so far`}
          </Text>
          <Progress
            value={percent ?? 100}
            striped
            animated
            aria-label={`Sync progress${percent !== null ? ` ${percent}%` : ''}`}
          />
        </div>
      )}
      <Text size="sm" c="dimmed">
        {c.lastSyncFinishedAt
          ? `Last synced ${timeFromNow(c.lastSyncFinishedAt)}`
          : syncing
            ? 'First sync under way'
            : 'Not synced yet'}
        {c.nextSyncAt && !needsReauth && !syncing ? ` · next sync ${clockTime(c.nextSyncAt)}` : ''}
        {c.lastSyncStartedAt ? ` · ${syncing ? 'this' : 'last'} sync: ${lastRun}` : ''}
      </Text>
      {permissions && <PermissionsStatus permissions={permissions} tool={tool} />}
      {c.lastError && (
        <Alert
          color={needsReauth ? 'orange' : c.status === 'error' ? 'red' : 'yellow'}
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          title={
            needsReauth
              ? 'Reconnect needed'
              : c.status === 'error'
                ? 'The last sync failed'
                : 'Some items could not be read'
          }
          role={c.status === 'idle' ? undefined : 'alert'}
        >
          <Stack gap="xs">
            <Text size="sm">{c.lastError}</Text>
            {needsReauth && onEdit && (
              <Group>
                <Button size="xs" color="orange" onClick={onEdit}>
                  Reconnect
                </Button>
              </Group>
            )}
          </Stack>
        </Alert>
      )}
      {(onResync || onEdit || onDisconnect) && (
        <Group gap="xs">
          {onResync && (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconRefresh size={14} />}
              onClick={onResync}
              loading={resyncing}
              disabled={syncing || needsReauth}
            >
              {syncing ? 'Syncing…' : 'Resync'}
            </Button>
          )}
          {onEdit && (
            <Button size="xs" variant="default" onClick={onEdit}>
              Edit settings
            </Button>
          )}
          {onDisconnect && (
            <Button size="xs" variant="subtle" color="red" onClick={onDisconnect}>
              Disconnect
            </Button>
          )}
        </Group>
      )}
    </Stack>
  );
}
