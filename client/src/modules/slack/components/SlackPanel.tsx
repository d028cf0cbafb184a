import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconBrandSlack } from '@tabler/icons-react';
import { useState } from 'react';
import { DIALOG_PROPS } from '../../../shared/dialog-styles';
import { errorMessage } from '../../../shared/graphql-errors';
import { QueryState } from '../../../shared/QueryState';
import { FormAlert } from '../../auth/components/FormAlert';
import {
  SlackSettingsDocument,
  useDisconnectSlackMutation,
  useSlackSettingsQuery,
} from '../graphql/slack.generated';
import { SlackChannels } from './SlackChannels';
import { SlackConnectForm } from './SlackConnectForm';

const when = (iso: string) =>
  new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(iso),
  );

/**
 * Integrations → Slack (admins): connect the workspace's own Slack app, see whether Slack still
 * accepts it, choose per channel who answers and when, disconnect.
 */
export function SlackPanel() {
  const { data, error, refetch } = useSlackSettingsQuery();
  const [disconnect, { loading: disconnecting }] = useDisconnectSlackMutation({
    refetchQueries: [{ query: SlackSettingsDocument }],
    awaitRefetchQueries: true,
  });
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const slack = data?.slackIntegration;
  const revoked = slack?.status === 'REVOKED';

  return (
    <Paper withBorder radius="lg" p="lg" mt="md" component="section" aria-label="Slack">
      <Stack gap="md">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <IconBrandSlack size={28} stroke={1.5} aria-hidden />
            <div>
              <Title order={2} size="h4">
                Slack
              </Title>
              <Text size="sm" c="dimmed">
                Members ask @Lumen in channels, in direct messages or with /lumen, and get the
                answer in the thread with its sources.
              </Text>
            </div>
          </Group>
          {slack && (
            <Badge color={revoked ? 'red' : 'teal'} variant="light">
              {revoked ? 'Disconnected by Slack' : 'Connected'}
            </Badge>
          )}
        </Group>
        <QueryState
          data={data}
          error={error}
          onRetry={() => void refetch()}
          errorTitle="Could not load the Slack settings"
          loading={<Skeleton height={80} radius="md" />}
        >
          {(settings) =>
            !settings.slackIntegration ? (
              <SlackConnectForm manifest={settings.slackManifest} />
            ) : (
              <Stack gap="md">
                {problem && <FormAlert title="Slack was not disconnected">{problem}</FormAlert>}
                <Group justify="space-between">
                  <Text size="sm">
                    <b>{settings.slackIntegration.teamName}</b> · connected{' '}
                    {when(settings.slackIntegration.connectedAt)}
                  </Text>
                  <Button variant="subtle" color="red" onClick={() => setConfirming(true)}>
                    Disconnect
                  </Button>
                </Group>
                {revoked ? (
                  <>
                    <Alert
                      color="red"
                      variant="light"
                      icon={<IconAlertTriangle size={18} />}
                      title="Slack no longer accepts Lumen’s token"
                      role="alert"
                    >
                      {`Slack answered ${settings.slackIntegration.revokedReason ?? 'that the token is revoked'}: Lumen answers nothing in Slack until the app is installed and connected again.`}
                    </Alert>
                    <SlackConnectForm manifest={settings.slackManifest} />
                  </>
                ) : (
                  <SlackChannels
                    channels={settings.slackIntegration.channels}
                    defaultChannel={settings.slackIntegration.defaultChannel}
                  />
                )}
              </Stack>
            )
          }
        </QueryState>
      </Stack>
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title="Disconnect Slack?"
        {...DIALOG_PROPS}
      >
        <Stack gap="md">
          <Text size="sm">
            Lumen forgets the bot token and signing secret and stops answering in Slack. Slack
            questions already asked stay in History.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button
              color="red"
              loading={disconnecting}
              onClick={() => {
                setProblem(null);
                disconnect()
                  .catch((e: unknown) => setProblem(errorMessage(e)))
                  .finally(() => setConfirming(false));
              }}
            >
              Disconnect
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
