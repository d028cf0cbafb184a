import { Button, Group, Modal, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { BotsDocument, type BotsQuery, useDeleteBotMutation } from '../graphql/bots.generated';
import { DIALOG_PROPS } from '../../../shared/dialog-styles';
import { errorMessage } from '../../../shared/graphql-errors';
import { FormAlert } from '../../auth/components/FormAlert';
import { languageLabel, modelLabel, privacyLabel } from '../bot-options';
import type { BotNode } from './format';

interface BotSettingsTabProps {
  bot: BotNode;
  onEdit: () => void;
}

/** SPEC §2 Settings: the 'General' summary and a red 'Delete this bot'; after it, /app/bots. */
export function BotSettingsTab({ bot, onEdit }: BotSettingsTabProps) {
  const [confirming, setConfirming] = useState(false);

  return (
    <Stack gap="xl">
      <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="bot-general">
        <Group justify="space-between" mb="md">
          <Title order={3} size="h4" id="bot-general">
            General
          </Title>
          <Button variant="default" leftSection={<IconPencil size={16} />} onClick={onEdit}>
            Edit
          </Button>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" component="dl" m={0}>
          <Setting label="Name" value={bot.name} />
          <Setting label="Model" value={modelLabel(bot.model)} />
          <Setting label="Privacy" value={privacyLabel(bot.privacy)} />
          <Setting label="Language" value={languageLabel(bot.language)} />
        </SimpleGrid>
        <Setting label="Description" value={bot.description || '—'} mt="md" />
      </Paper>

      <Paper
        withBorder
        radius="lg"
        p="lg"
        component="section"
        aria-labelledby="bot-danger"
        style={{ borderColor: 'var(--mantine-color-red-outline)' }}
      >
        <Title order={3} size="h4" id="bot-danger" mb={4}>
          Delete this bot
        </Title>
        <Text size="sm" c="dimmed" mb="md">
          The bot, its list of sources, its log and its public chat link go away for good. The
          sources themselves stay in your workspace.
        </Text>
        <Button
          color="red"
          leftSection={<IconTrash size={16} />}
          onClick={() => setConfirming(true)}
        >
          Delete this bot
        </Button>
      </Paper>

      <DeleteBotDialog bot={bot} opened={confirming} onClose={() => setConfirming(false)} />
    </Stack>
  );
}

function Setting({ label, value, mt }: { label: string; value: string; mt?: string }) {
  return (
    <div style={{ minWidth: 0 }}>
      <Text component="dt" size="sm" c="dimmed" mt={mt}>
        {label}
      </Text>
      <Text component="dd" m={0} style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </div>
  );
}

function DeleteBotDialog({
  bot,
  opened,
  onClose,
}: {
  bot: BotNode;
  opened: boolean;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const [deleteBot, { loading }] = useDeleteBotMutation();
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setError(null);
    onClose();
  };

  const confirm = async () => {
    setError(null);
    try {
      await deleteBot({
        variables: { id: bot.id },
        // Drop it from the cached list; evicting the bot itself would make this page refetch it.
        update: (cache) =>
          cache.updateQuery<BotsQuery>({ query: BotsDocument }, (current) =>
            current ? { bots: current.bots.filter((b) => b.id !== bot.id) } : current,
          ),
      });
      notifications.show({ color: 'teal', title: 'Bot deleted', message: `${bot.name} is gone.` });
      navigate('/app/bots', { replace: true });
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  return (
    <Modal opened={opened} onClose={close} title="Delete this bot?" {...DIALOG_PROPS}>
      <Stack gap="md">
        <Text>
          Delete <strong>{bot.name}</strong>? Its sources list, log and chat link are removed. This
          cannot be undone.
        </Text>
        {error && <FormAlert title="Could not delete the bot">{error}</FormAlert>}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={loading}>
            Cancel
          </Button>
          <Button color="red" onClick={() => void confirm()} loading={loading}>
            Delete bot
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
