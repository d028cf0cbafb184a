import {
  Alert,
  Button,
  Group,
  Loader,
  NumberInput,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import {
  ConversationSettingsDocument,
  useConversationSettingsQuery,
  useSetConversationRetentionMutation,
  type ConversationSettingsQuery,
} from '../graphql/analytics.generated';
import { errorMessage } from '../../../shared/graphql-errors';

/** The server's limits (it answers BAD_USER_INPUT outside them). */
export const RETENTION_MIN = 1;
export const RETENTION_MAX = 3650;

const outOfRange = `Keep conversations between ${RETENTION_MIN} and ${RETENTION_MAX} days.`;

/** How long the workspace keeps conversations before they are deleted (admins). */
export function RetentionSettingsCard() {
  const { data, error, refetch } = useConversationSettingsQuery();
  const [save, { loading: saving }] = useSetConversationRetentionMutation();
  // What the admin typed; null shows the saved value.
  const [draft, setDraft] = useState<number | string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const saved = data?.conversationSettings.retentionDays;
  const value = draft ?? saved ?? '';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const days = typeof value === 'number' ? value : Number(value);
    if (value === '' || !Number.isInteger(days) || days < RETENTION_MIN || days > RETENTION_MAX) {
      setProblem(outOfRange);
      return;
    }
    setProblem(null);
    try {
      await save({
        variables: { days },
        // The settings have no id, so the cache cannot match the answer to the query by itself.
        update: (cache, { data: answer }) => {
          if (!answer) return;
          cache.writeQuery<ConversationSettingsQuery>({
            query: ConversationSettingsDocument,
            data: { conversationSettings: answer.setConversationRetention },
          });
        },
      });
      setDraft(null);
      notifications.show({
        color: 'teal',
        message: `Conversations are now kept for ${days} ${days === 1 ? 'day' : 'days'}`,
      });
    } catch (e) {
      setProblem(errorMessage(e));
    }
  };

  let body;
  if (saved === undefined) {
    body = error ? (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
        <Text size="sm" mb="sm">
          {errorMessage(error)}
        </Text>
        <Button size="xs" variant="light" color="red" onClick={() => void refetch()}>
          Try again
        </Button>
      </Alert>
    ) : (
      <Group gap="xs">
        <Loader size="sm" />
        <Text c="dimmed">Loading...</Text>
      </Group>
    );
  } else {
    body = (
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Group align="flex-start" gap="sm">
          <NumberInput
            label="Keep conversations for"
            value={value}
            onChange={(next) => {
              setDraft(next);
              setProblem(null);
            }}
            min={RETENTION_MIN}
            max={RETENTION_MAX}
            // Clamping would hide a wrong number; the message below says what is allowed.
            clampBehavior="none"
            allowDecimal={false}
            allowNegative={false}
            rightSection={
              <Text size="sm" c="dimmed" pr="xs">
                days
              </Text>
            }
            rightSectionWidth={52}
            rightSectionPointerEvents="none"
            hideControls
            error={problem}
            w={240}
          />
          <Button type="submit" loading={saving} disabled={draft === null} mt={25}>
            Save
          </Button>
        </Group>
      </form>
    );
  }

  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-label="Conversation history">
      <Stack gap="sm">
        <Title order={3} size="h4">
          Conversation history
        </Title>
        <Text size="sm" c="dimmed" maw={640}>
          Conversations nobody has continued for this long are deleted with their answers and votes,
          for everyone in the workspace. Between {RETENTION_MIN} and {RETENTION_MAX} days.
        </Text>
        {body}
      </Stack>
    </Paper>
  );
}
