import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconLock, IconUpload } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { PageHeader } from '../../layout/PageHeader';
import { useSession } from '../../modules/auth/use-session';
import { ConnectedSources } from '../../modules/sources/components/ConnectedSources';
import { SourceCatalogue } from '../../modules/sources/components/SourceCatalogue';
import { UploadDialog } from '../../modules/sources/components/UploadDialog';
import { SOURCE_CATALOGUE, type CatalogueSource } from '../../modules/sources/source-catalogue';
import { useSources } from '../../modules/sources/use-sources';

export const CONNECTORS_INTRO =
  'Help your team quickly find answers from content stored in other tools. Your team can ask a question and get instant AI answers sourced from connected tools.';

const FILE_UPLOAD = SOURCE_CATALOGUE.find((s) => s.id === 'file_upload')!;

/** /app/connectors: the workspace's sources, the catalogue, and file uploads (SPEC §2). */
export function ConnectorsPage() {
  const { permissions } = useSession();
  const canWrite = permissions?.includes('source.write') ?? false;
  const sources = useSources();
  const { refetch } = sources;
  const [connector, setConnector] = useState<CatalogueSource | null>(null);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());

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

  const count = sources.sources?.length ?? 0;

  return (
    <>
      <PageHeader
        title="Connectors"
        subtitle="Bring your team's knowledge into Lumen"
        description={CONNECTORS_INTRO}
        actions={
          canWrite && (
            <Button
              leftSection={<IconUpload size={18} />}
              onClick={() => setConnector(FILE_UPLOAD)}
            >
              Upload files
            </Button>
          )
        }
      />
      <Stack gap={40}>
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
          <ConnectedSources
            query={sources}
            expanded={expanded}
            onToggle={toggle}
            canWrite={canWrite}
            onUpload={() => setConnector(FILE_UPLOAD)}
          />
        </Stack>
        <Stack component="section" gap="md" aria-labelledby="available-sources">
          <div>
            <Title order={3} id="available-sources" size="h4">
              Available sources
            </Title>
            {canWrite ? (
              <Text size="sm" c="dimmed" mt={4}>
                File Upload works today. The other connectors are coming soon; until then, upload
                files exported from those tools.
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
          <SourceCatalogue onPick={canWrite ? setConnector : undefined} />
        </Stack>
      </Stack>
      {canWrite && (
        <UploadDialog
          connector={connector}
          onClose={() => setConnector(null)}
          onChanged={onChanged}
        />
      )}
    </>
  );
}
