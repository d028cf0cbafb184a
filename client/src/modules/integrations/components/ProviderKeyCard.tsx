import {
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconBrain } from '@tabler/icons-react';
import { useState } from 'react';
import {
  useProviderKeyQuery,
  useSaveProviderKeyMutation,
  type ProviderKeyQuery,
} from '../../bots/graphql/bots.generated';
import { errorMessage } from '../../../shared/graphql-errors';
import { QueryState } from '../../../shared/QueryState';
import { formatBotDate } from '../../bots/components/BotList';
import { KeyModal } from '../../bots/components/KeyModal';

type StoredKey = NonNullable<ProviderKeyQuery['providerKey']>;

const STATUS_BADGE = {
  OK: { color: 'teal', label: 'Working' },
  COOLING_DOWN: { color: 'yellow', label: 'Failing — paused' },
  INVALID: { color: 'red', label: 'Refused' },
  MISSING: { color: 'gray', label: 'Not set' },
} as const;

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });

/**
 * The caller's own OpenAI key on the Integrations page (answers and their bots run on it): its
 * state, and the way back when OpenAI refused it (save it again, or replace it).
 */
export function ProviderKeyCard() {
  const { data, error, refetch } = useProviderKeyQuery();
  const [editing, setEditing] = useState(false);
  const key = data?.providerKey ?? null;
  const status = key?.status ?? 'MISSING';
  const badge = STATUS_BADGE[status];

  return (
    <Paper
      withBorder
      radius="lg"
      p="lg"
      component="section"
      aria-labelledby="provider-key-title"
      mt="xl"
      style={status === 'INVALID' ? { borderColor: 'var(--mantine-color-red-filled)' } : undefined}
    >
      <Group justify="space-between" align="flex-start" mb="sm" wrap="nowrap">
        <Group gap="md" wrap="nowrap">
          <ThemeIcon
            size={44}
            radius="md"
            variant="light"
            color={status === 'INVALID' ? 'red' : 'grape'}
          >
            <IconBrain size={24} stroke={1.6} />
          </ThemeIcon>
          <div>
            <Title order={3} size="h4" id="provider-key-title">
              OpenAI API key
            </Title>
            <Text size="sm" c="dimmed">
              Your own key: your answers and your bots are written with it.
            </Text>
          </div>
        </Group>
        {data && (
          <Badge variant="light" color={badge.color} radius="sm" style={{ flexShrink: 0 }}>
            {badge.label}
          </Badge>
        )}
      </Group>

      <QueryState
        data={data}
        error={error}
        onRetry={() => void refetch()}
        errorTitle="Could not check your key"
        loading={<Skeleton height={14} width="50%" aria-label="Loading the key" />}
      >
        {({ providerKey }) => (
          <KeyState stored={providerKey ?? null} onEdit={() => setEditing(true)} />
        )}
      </QueryState>
      <KeyModal opened={editing} onClose={() => setEditing(false)} storedKey={key} stayOnSave />
    </Paper>
  );
}

function KeyState({ stored, onEdit }: { stored: StoredKey | null; onEdit: () => void }) {
  if (!stored) {
    return (
      <Stack gap="sm" align="flex-start">
        <Text size="sm">
          No key yet: answers quote the best passages of your sources instead of being written by a
          model.
        </Text>
        <Button size="sm" onClick={onEdit}>
          Add key
        </Button>
      </Stack>
    );
  }
  return (
    <Stack gap="sm">
      <Text size="sm">
        Key <code>{stored.masked}</code>
        {stored.verifiedAt ? `, checked with OpenAI on ${formatBotDate(stored.verifiedAt)}.` : '.'}
      </Text>
      {stored.status === 'INVALID' && <RefusedKey stored={stored} onReplace={onEdit} />}
      {stored.status === 'COOLING_DOWN' && (
        <Alert color="yellow" variant="light" p="sm">
          OpenAI is not answering on this key (an outage, a timeout or a rate limit). Answers quote
          your sources for now; the key is tried again
          {stored.retryAt ? ` at ${timeFormat.format(new Date(stored.retryAt))}` : ' shortly'}.
        </Alert>
      )}
      {stored.status !== 'INVALID' && (
        <Group>
          <Button size="sm" variant="default" onClick={onEdit}>
            Replace key
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/** The red state: what OpenAI said, and that saving the key again is what retries it. */
function RefusedKey({ stored, onReplace }: { stored: StoredKey; onReplace: () => void }) {
  const [save, { loading }] = useSaveProviderKeyMutation();
  const [problem, setProblem] = useState<string | null>(null);

  const retry = async () => {
    setProblem(null);
    try {
      // The masked value saved as it is keeps the key and clears the refusal (the answer updates
      // the cached key by its id).
      await save({ variables: { value: stored.masked, verify: false } });
      notifications.show({
        color: 'teal',
        title: 'Key saved again',
        message: 'The next question tries it with OpenAI.',
      });
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };

  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertCircle size={18} />}
      title="OpenAI refused this key"
      role="alert"
    >
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          {stored.invalidReason ?? 'The provider refused the key.'}
          {stored.invalidAt ? ` (${formatBotDate(stored.invalidAt)})` : ''} It is not used until it
          is saved again: answers and your bots quote their sources meanwhile. Fix the key with
          OpenAI (or paste a new one), then save it again to retry.
        </Text>
        {problem && (
          <Text size="sm" c="red">
            {problem}
          </Text>
        )}
        <Group gap="sm">
          <Button size="xs" color="red" loading={loading} onClick={() => void retry()}>
            Save again to retry
          </Button>
          <Button size="xs" variant="default" onClick={onReplace}>
            Paste a new key
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
