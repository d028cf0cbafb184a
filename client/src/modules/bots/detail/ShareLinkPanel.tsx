import {
  ActionIcon,
  Button,
  CopyButton,
  Group,
  Modal,
  Paper,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconCopy, IconExternalLink, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import {
  useRotateBotShareLinkMutation,
  useSetBotShareLinkMutation,
} from '../graphql/bots.generated';
import { DIALOG_PROPS } from '../../../shared/dialog-styles';
import { describeError } from '../../../shared/graphql-errors';
import { FormAlert } from '../../auth/components/FormAlert';
import type { BotNode } from './format';

/**
 * A public bot's chat link, for those who manage it: copy or open it, replace it with a new one
 * (the old link stops working at once), or turn it off and on.
 */
export function ShareLinkPanel({ bot }: { bot: BotNode }) {
  const [rotate, rotating] = useRotateBotShareLinkMutation();
  const [setLink, switching] = useSetBotShareLinkMutation();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const turn = async (enabled: boolean) => {
    setError(null);
    try {
      await setLink({ variables: { id: bot.id, enabled } });
      notifications.show({
        color: 'teal',
        title: enabled ? 'Chat link on' : 'Chat link off',
        message: enabled
          ? 'Anyone with the link can ask the bot again.'
          : 'The link no longer answers; the bot stays public in your workspace.',
      });
    } catch (e) {
      setError(describeError(e).message);
    }
  };

  const replace = async () => {
    setError(null);
    try {
      await rotate({ variables: { id: bot.id } });
      setConfirming(false);
      notifications.show({
        color: 'teal',
        title: 'New chat link',
        message: 'The old link no longer works. Share the new one.',
      });
    } catch (e) {
      setError(describeError(e).message);
    }
  };

  if (!bot.shareEnabled)
    return (
      <Paper withBorder radius="md" p="sm" maw={720}>
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="dimmed">
            The public chat link is off: only your workspace can ask this bot.
          </Text>
          <Button variant="default" onClick={() => void turn(true)} loading={switching.loading}>
            Turn link on
          </Button>
        </Group>
        {error && <FormAlert title="Could not change the link">{error}</FormAlert>}
      </Paper>
    );
  if (!bot.sharePath) return null;
  const url = new URL(bot.sharePath, window.location.origin).toString();
  return (
    <Paper withBorder radius="md" p="sm" maw={720}>
      <Stack gap="xs">
        <Group gap="xs" wrap="nowrap" align="flex-end">
          <TextInput
            label="Public chat link"
            description="Anyone with this link can ask the bot questions, without signing in."
            value={url}
            readOnly
            onFocus={(e) => e.currentTarget.select()}
            style={{ flex: 1 }}
          />
          <CopyButton value={url} timeout={2000}>
            {({ copied, copy }) => (
              <Button
                variant={copied ? 'light' : 'default'}
                color={copied ? 'teal' : undefined}
                leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                onClick={copy}
              >
                {copied ? 'Copied' : 'Copy'}
              </Button>
            )}
          </CopyButton>
          <Tooltip label="Open the chat page">
            <ActionIcon
              component="a"
              href={url}
              target="_blank"
              rel="noopener noreferrer"
              variant="default"
              size={36}
              aria-label="Open the public chat page"
            >
              <IconExternalLink size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
        <Group gap="xs">
          <Button
            size="xs"
            variant="subtle"
            leftSection={<IconRefresh size={14} />}
            onClick={() => setConfirming(true)}
          >
            New link
          </Button>
          <Button
            size="xs"
            variant="subtle"
            color="red"
            onClick={() => void turn(false)}
            loading={switching.loading}
          >
            Turn link off
          </Button>
        </Group>
        {error && <FormAlert title="Could not change the link">{error}</FormAlert>}
      </Stack>
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title="Replace the chat link?"
        {...DIALOG_PROPS}
      >
        <Stack gap="md">
          <Text>
            The current link stops working at once; people who have it can no longer ask the bot.
            Share the new link with those who should keep access.
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button onClick={() => void replace()} loading={rotating.loading}>
              Replace link
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
