import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useCallback, useMemo, useState } from 'react';
import { PageHeader } from '../../layout/PageHeader';
import { useSession } from '../../modules/auth/use-session';
import { AddSourceMenu } from '../../modules/connectors/components/AddSourceMenu';
import { ConnectorDialog } from '../../modules/connectors/components/ConnectorDialog';
import { ConnectorSetupDialog } from '../../modules/connectors/components/ConnectorSetupDialog';
import { OAuthCallbackNotice } from '../../modules/connectors/components/OAuthCallbackNotice';
import type { ConnectorKind } from '../../modules/connectors/connector-kinds';
import { useConnectorSetup } from '../../modules/connectors/connector-setup';
import { useOAuthCallback } from '../../modules/connectors/use-oauth-callback';
import { LinkPrompts } from '../../modules/linked-accounts/components/LinkPrompts';
import { ConnectedSources } from '../../modules/sources/components/ConnectedSources';
import { SourceCatalogue } from '../../modules/sources/components/SourceCatalogue';
import { UploadDialog } from '../../modules/sources/components/UploadDialog';
import type { RecentUpload } from '../../modules/sources/components/UploadProgressNotice';
import type { SourceNode } from '../../modules/sources/document-status';
import {
  catalogueState,
  SOURCE_CATALOGUE,
  type CatalogueSource,
} from '../../modules/sources/source-catalogue';
import { useSources } from '../../modules/sources/use-sources';
import { usePageTitle } from '../../shared/use-page-title';

export const CONNECTORS_INTRO =
  'Help your team quickly find answers from content stored in other tools. Your team can ask a question and get instant AI answers sourced from connected tools.';

const FILE_UPLOAD = SOURCE_CATALOGUE.find((s) => s.id === 'file_upload')!;

/**
 * /app/connectors: the workspace's sources, the catalogue and the ways to add sources (SPEC §2);
 * also where Atlassian sends the user back after Authorize (`?code=…&state=…`).
 */
export function ConnectorsPage() {
  usePageTitle('Connectors');
  const { user, permissions } = useSession();
  const canWrite = permissions?.includes('source.write') ?? false;
  const sources = useSources();
  const { refetch } = sources;
  const [upload, setUpload] = useState<CatalogueSource | null>(null);
  const [addTo, setAddTo] = useState<SourceNode | null>(null);
  const [connecting, setConnecting] = useState<ConnectorKind | null>(null);
  const [settingUp, setSettingUp] = useState<ConnectorKind | null>(null);
  const [recentUploads, setRecentUploads] = useState<ReadonlyMap<string, RecentUpload>>(
    () => new Map(),
  );
  const { needsSetup } = useConnectorSetup();
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const [dismissed, setDismissed] = useState(false);
  const callback = useOAuthCallback(useCallback(() => void refetch(), [refetch]));

  const toggle = useCallback((id: string) => {
    setExpanded((prev) => {
      const next = new Set(prev);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  }, []);

  // New files show up at once, their source opened to follow the indexing.
  const onChanged = useCallback(
    (sourceId?: string) => {
      if (sourceId) setExpanded((prev) => new Set(prev).add(sourceId));
      void refetch();
    },
    [refetch],
  );

  // Files handed over: their source's row follows the indexing (no toast over the rows).
  const list = sources.sources;
  const onUploaded = useCallback(
    (sourceId: string, count: number) => {
      const before = list?.find((s) => s.id === sourceId);
      setRecentUploads((prev) =>
        new Map(prev).set(sourceId, {
          count,
          before: before?.documentCount ?? 0,
          failedBefore: before?.failedCount ?? 0,
        }),
      );
    },
    [list],
  );
  const dismissUpload = useCallback((sourceId: string) => {
    setRecentUploads((prev) => {
      const next = new Map(prev);
      next.delete(sourceId);
      return next;
    });
  }, []);

  const connectedKinds = useMemo(() => new Set((list ?? []).map((s) => s.kind)), [list]);
  const stateOf = useCallback(
    (source: CatalogueSource) => catalogueState(source, { connectedKinds, needsSetup }),
    [connectedKinds, needsSetup],
  );
  // A tool the server cannot connect yet opens its setup guide, not a form that cannot work.
  const connect = (kind: ConnectorKind) =>
    needsSetup(kind) && !connectedKinds.has(kind) ? setSettingUp(kind) : setConnecting(kind);
  const pick = (source: CatalogueSource) =>
    source.connector ? connect(source.connector) : setUpload(source);
  const count = list?.length ?? 0;

  return (
    <>
      <PageHeader
        title="Connectors"
        subtitle="Bring your team's knowledge into Lumen"
        description={CONNECTORS_INTRO}
        actions={
          canWrite && (
            <AddSourceMenu
              onUpload={() => setUpload(FILE_UPLOAD)}
              onConnect={connect}
              needsSetup={(kind) => needsSetup(kind) && !connectedKinds.has(kind)}
            />
          )
        }
      />
      <Stack gap={40}>
        {!dismissed && (
          <OAuthCallbackNotice state={callback} onDismiss={() => setDismissed(true)} />
        )}
        <Stack component="section" gap="md" aria-labelledby="connected-sources">
          <Group gap="xs">
            <Title order={3} id="connected-sources" size="h4">
              Connected sources
            </Title>
            {count > 0 && (
              <Badge variant="light" color="gray" radius="sm" aria-label={`${count} sources`}>
                {count}
              </Badge>
            )}
          </Group>
          <LinkPrompts sources={sources.sources} viewerId={user?.id} />
          <ConnectedSources
            query={sources}
            expanded={expanded}
            onToggle={toggle}
            canWrite={canWrite}
            onUpload={() => setUpload(FILE_UPLOAD)}
            onEditConnection={setConnecting}
            onAddFiles={setAddTo}
            recentUploads={recentUploads}
            onDismissUpload={dismissUpload}
          />
        </Stack>
        <Stack component="section" gap="md" aria-labelledby="available-sources">
          <div>
            <Title order={3} id="available-sources" size="h4">
              Available sources
            </Title>
            {canWrite ? (
              <Text size="sm" c="dimmed" mt={4}>
                Connect the tools marked Available, or upload files. The other connectors are
                coming; until then, upload files exported from those tools.
              </Text>
            ) : (
              <Group gap={6} mt={4} wrap="nowrap">
                <IconLock size={16} color="var(--mantine-color-dimmed)" aria-hidden />
                <Text size="sm" c="dimmed">
                  Only an admin or product expert can add sources. Ask one of them to connect a tool
                  or upload files.
                </Text>
              </Group>
            )}
          </div>
          <SourceCatalogue onPick={canWrite ? pick : undefined} stateOf={stateOf} />
        </Stack>
      </Stack>
      {canWrite && (
        <>
          <UploadDialog
            connector={upload}
            into={addTo}
            onClose={() => {
              setUpload(null);
              setAddTo(null);
            }}
            onChanged={onChanged}
            onUploaded={onUploaded}
          />
          <ConnectorSetupDialog kind={settingUp} onClose={() => setSettingUp(null)} />
          <ConnectorDialog
            kind={connecting}
            onClose={() => setConnecting(null)}
            onConnected={(source) => {
              setExpanded((prev) => new Set(prev).add(source.id));
              void refetch();
            }}
          />
        </>
      )}
    </>
  );
}
