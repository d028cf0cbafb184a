import {
  Button,
  Code,
  CopyButton,
  Group,
  List,
  PasswordInput,
  ScrollArea,
  Stack,
  Text,
} from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { errorMessage } from '../../../shared/graphql-errors';
import { FormAlert } from '../../auth/components/FormAlert';
import { SlackSettingsDocument, useConnectSlackMutation } from '../graphql/slack.generated';

/**
 * Connecting Slack: the app manifest filled with this install's address, how to create the app
 * from it, then the bot token and signing secret (checked with Slack, stored sealed, never shown
 * again).
 */
export function SlackConnectForm({ manifest, onDone }: { manifest: string; onDone?: () => void }) {
  const [connect, { loading }] = useConnectSlackMutation({
    refetchQueries: [{ query: SlackSettingsDocument }],
    awaitRefetchQueries: true,
  });
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { botToken: '', signingSecret: '' },
    validate: {
      botToken: (v) => (/^xoxb-\S+$/.test(v.trim()) ? null : 'A bot token starts with xoxb-'),
      signingSecret: (v) => (v.trim() ? null : 'Enter the signing secret'),
    },
  });
  const submit = form.onSubmit(async (values) => {
    setProblem(null);
    try {
      await connect({
        variables: {
          input: { botToken: values.botToken.trim(), signingSecret: values.signingSecret.trim() },
        },
      });
      form.reset();
      onDone?.();
    } catch (error) {
      setProblem(errorMessage(error));
    }
  });
  return (
    <Stack gap="md">
      <List type="ordered" spacing={4} size="sm">
        <List.Item>
          At api.slack.com/apps, choose <b>Create New App → From a manifest</b>, pick your Slack
          workspace and paste the manifest below.
        </List.Item>
        <List.Item>Install the app to the workspace.</List.Item>
        <List.Item>
          Copy the <b>Bot User OAuth Token</b> (OAuth & Permissions) and the <b>Signing Secret</b>{' '}
          (Basic Information) here.
        </List.Item>
      </List>
      <Stack gap={4}>
        <Group justify="space-between">
          <Text size="sm" fw={500}>
            App manifest
          </Text>
          <CopyButton value={manifest} timeout={2000}>
            {({ copied, copy }) => (
              <Button
                size="xs"
                variant={copied ? 'light' : 'default'}
                color={copied ? 'teal' : undefined}
                leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                onClick={copy}
              >
                {copied ? 'Copied' : 'Copy manifest'}
              </Button>
            )}
          </CopyButton>
        </Group>
        <ScrollArea.Autosize mah={180} type="auto">
          <Code block aria-label="Slack app manifest">
            {manifest}
          </Code>
        </ScrollArea.Autosize>
      </Stack>
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          {problem && <FormAlert title="Slack was not connected">{problem}</FormAlert>}
          <PasswordInput
            label="Bot token"
            placeholder="xoxb-…"
            required
            autoComplete="off"
            {...form.getInputProps('botToken')}
          />
          <PasswordInput
            label="Signing secret"
            required
            autoComplete="off"
            {...form.getInputProps('signingSecret')}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={loading}>
              Connect Slack
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
