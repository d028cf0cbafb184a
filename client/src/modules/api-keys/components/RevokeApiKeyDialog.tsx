import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useRevokeApiKeyMutation, type ApiKeyFieldsFragment } from '../graphql/api-keys.generated';
import { DIALOG_PROPS } from '../../../shared/dialog-styles';
import { errorMessage } from '../../../shared/graphql-errors';
import { useRetained } from '../../../shared/use-retained';
import { FormAlert } from '../../auth/components/FormAlert';

interface RevokeApiKeyDialogProps {
  /** The key to revoke; null closes the dialog. */
  apiKey: ApiKeyFieldsFragment | null;
  onClose: () => void;
}

/** Asks before revoking: a revoked key is refused at once and cannot be brought back. */
export function RevokeApiKeyDialog({ apiKey, onClose }: RevokeApiKeyDialogProps) {
  // Keeps the name on screen while the dialog animates closed.
  const shown = useRetained(apiKey);
  const [problem, setProblem] = useState<string | null>(null);
  const [revoke, { loading }] = useRevokeApiKeyMutation();

  const close = () => {
    setProblem(null);
    onClose();
  };

  const confirm = async () => {
    if (!apiKey) return;
    setProblem(null);
    try {
      await revoke({ variables: { id: apiKey.id }, refetchQueries: ['ApiKeys'] });
      notifications.show({ color: 'teal', message: `${apiKey.name} was revoked` });
      close();
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };

  return (
    <Modal opened={apiKey !== null} onClose={close} title="Revoke API key" {...DIALOG_PROPS}>
      <Stack gap="md">
        {problem && <FormAlert title={`Could not revoke ${shown?.name}`}>{problem}</FormAlert>}
        <Text>
          Revoke{' '}
          <Text span fw={600}>
            {shown?.name}
          </Text>
          ? Scripts using it stop working at once.
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={loading} data-autofocus>
            Cancel
          </Button>
          <Button color="red" loading={loading} onClick={() => void confirm()}>
            Revoke key
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
