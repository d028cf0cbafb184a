import { Button, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useState } from 'react';
import { DIALOG_PROPS } from '../../../shared/dialog-styles';
import { errorMessage } from '../../../shared/graphql-errors';
import { NewApiKeySecret } from '../../api-keys/components/NewApiKeySecret';
import { FormAlert } from '../../auth/components/FormAlert';
import {
  SsoSettingsDocument,
  useCreateScimTokenMutation,
  useRevokeScimTokenMutation,
  type SsoSettingsQuery,
} from '../graphql/sso.generated';
import { CopyField } from './CopyField';

const when = (iso: string | null | undefined) =>
  iso
    ? new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(
        new Date(iso),
      )
    : 'never';

/**
 * SCIM provisioning: the base URL and one bearer token for the identity provider, shown once
 * (a new token replaces the old one), and revoking it.
 */
export function ScimSection({ status }: { status: SsoSettingsQuery['scimStatus'] }) {
  const refetch = { refetchQueries: [{ query: SsoSettingsDocument }], awaitRefetchQueries: true };
  const [create, { loading: creating }] = useCreateScimTokenMutation(refetch);
  const [revoke, { loading: revoking }] = useRevokeScimTokenMutation(refetch);
  const [secret, setSecret] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const act = async (work: () => Promise<void>) => {
    setProblem(null);
    try {
      await work();
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };

  return (
    <Paper withBorder radius="lg" p="md">
      <Stack gap="sm">
        {problem && <FormAlert title="SCIM was not changed">{problem}</FormAlert>}
        <CopyField label="SCIM base URL" value={status.baseUrl} />
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm" c="dimmed">
            {status.enabled
              ? `Token ${status.tokenPrefix ?? ''}… created ${when(status.createdAt)} · last used ${when(status.lastUsedAt)}`
              : 'No token: your identity provider cannot provision people yet.'}
          </Text>
          <Group gap="xs" wrap="nowrap">
            {status.enabled && (
              <Button variant="subtle" color="red" onClick={() => setConfirming(true)}>
                Revoke token
              </Button>
            )}
            <Button
              leftSection={<IconKey size={16} />}
              loading={creating}
              onClick={() =>
                void act(async () => {
                  const { data } = await create();
                  if (data) setSecret(data.createScimToken.secret);
                })
              }
            >
              {status.enabled ? 'Replace token' : 'Create token'}
            </Button>
          </Group>
        </Group>
      </Stack>
      <Modal
        opened={secret !== null}
        onClose={() => setSecret(null)}
        title="Copy your SCIM token"
        size={520}
        closeOnClickOutside={false}
        {...DIALOG_PROPS}
      >
        {secret && (
          <NewApiKeySecret name="the SCIM token" secret={secret} onDone={() => setSecret(null)} />
        )}
      </Modal>
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title="Revoke the SCIM token?"
        {...DIALOG_PROPS}
      >
        <Stack gap="md">
          <Text size="sm">
            Your identity provider stops provisioning at once. People already provisioned stay as
            they are.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button
              color="red"
              loading={revoking}
              onClick={() =>
                void act(async () => {
                  await revoke();
                  setConfirming(false);
                })
              }
            >
              Revoke token
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
