import { Anchor, Button, Card, Group, Select, Stack, Text, ThemeIcon } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFolderPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { useAttachBotSourceMutation } from '../graphql/bots.generated';
import { useSourcesQuery } from '../../sources/graphql/sources.generated';
import { describeError } from '../../../shared/graphql-errors';
import { FormAlert } from '../../auth/components/FormAlert';
import { plural, type BotSourceNode } from './format';
import { addCachedBotSource } from './bot-source-cache';

/** The document select's first option: the whole source. */
const WHOLE_SOURCE = 'whole-source';

interface AttachSourceCardProps {
  botId: string;
  attached: readonly BotSourceNode[];
}

/** Attaches a workspace source (every document in it) or one indexed document to the bot. */
export function AttachSourceCard({ botId, attached }: AttachSourceCardProps) {
  const sources = useSourcesQuery();
  const [attach, attaching] = useAttachBotSourceMutation();
  const [sourceId, setSourceId] = useState<string | null>(null);
  const [documentId, setDocumentId] = useState<string>(WHOLE_SOURCE);
  const [error, setError] = useState<string | null>(null);

  const list = useMemo(() => sources.data?.sources ?? [], [sources.data]);
  const attachedSources = new Set(attached.flatMap((a) => (a.sourceId ? [a.sourceId] : [])));
  const attachedDocuments = new Set(attached.flatMap((a) => (a.documentId ? [a.documentId] : [])));
  const chosen = list.find((s) => s.id === sourceId);
  const documents = chosen?.documentPage.nodes.filter((d) => d.status === 'indexed') ?? [];

  const sourceOptions = list.map((s) => ({
    value: s.id,
    label: `${s.name} (${plural(s.indexedCount, 'document')})${attachedSources.has(s.id) ? ' — attached' : ''}`,
  }));
  const documentOptions = [
    {
      value: WHOLE_SOURCE,
      label: 'The whole source (all its documents)',
      disabled: chosen ? attachedSources.has(chosen.id) : false,
    },
    ...documents.map((d) => ({
      value: d.id,
      label: `${d.title}${attachedDocuments.has(d.id) ? ' — attached' : ''}`,
      disabled: attachedDocuments.has(d.id),
    })),
  ];
  const already =
    !!chosen &&
    (documentId === WHOLE_SOURCE
      ? attachedSources.has(chosen.id)
      : attachedDocuments.has(documentId));

  const submit = async () => {
    if (!chosen) return;
    setError(null);
    const target = documentId === WHOLE_SOURCE ? { sourceId: chosen.id } : { documentId };
    try {
      const { data } = await attach({
        variables: { botId, ...target },
        update: (cache, result) => {
          const added = result.data?.attachBotSource;
          if (added) addCachedBotSource(cache, botId, added);
        },
      });
      notifications.show({
        color: 'teal',
        title: 'Source attached',
        message: `The bot now answers from “${data?.attachBotSource.title ?? chosen.name}”.`,
      });
      setSourceId(null);
      setDocumentId(WHOLE_SOURCE);
    } catch (e) {
      setError(describeError(e).message);
    }
  };

  return (
    <Card withBorder radius="lg" padding="md" component="section" aria-label="Workspace source">
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon size={40} radius="md" variant="light">
            <IconFolderPlus size={22} stroke={1.6} />
          </ThemeIcon>
          <div>
            <Text fw={600}>Workspace source</Text>
            <Text size="sm" c="dimmed">
              A connected source, or one document in it
            </Text>
          </div>
        </Group>
        {sources.error && (
          <FormAlert title="Could not load your sources">
            {describeError(sources.error).message}
          </FormAlert>
        )}
        {!sources.loading && !sources.error && list.length === 0 ? (
          <Text size="sm" c="dimmed">
            Your workspace has no sources yet.{' '}
            <Anchor component={Link} to="/app/connectors">
              Upload files in Connectors
            </Anchor>{' '}
            first.
          </Text>
        ) : (
          <>
            <Select
              label="Source"
              placeholder={sources.loading ? 'Loading...' : 'Pick a source'}
              data={sourceOptions}
              value={sourceId}
              onChange={(value) => {
                setSourceId(value);
                setDocumentId(WHOLE_SOURCE);
                setError(null);
              }}
              searchable
              nothingFoundMessage="No source by that name"
              disabled={sources.loading}
            />
            <Select
              label="Documents"
              data={documentOptions}
              value={documentId}
              onChange={(value) => {
                setDocumentId(value ?? WHOLE_SOURCE);
                setError(null);
              }}
              allowDeselect={false}
              searchable
              disabled={!chosen}
              description={
                chosen && documents.length === 0 ? 'No indexed documents in it yet.' : undefined
              }
            />
          </>
        )}
        {error && <FormAlert title="Could not attach">{error}</FormAlert>}
        <Button
          onClick={() => void submit()}
          disabled={!chosen || already}
          loading={attaching.loading}
          style={{ alignSelf: 'flex-start' }}
        >
          {already ? 'Already attached' : 'Attach'}
        </Button>
      </Stack>
    </Card>
  );
}
