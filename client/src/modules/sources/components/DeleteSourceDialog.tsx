import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useDeleteDocumentMutation, useDeleteSourceMutation } from '../graphql/sources.generated';
import { errorMessage } from '../../../shared/graphql-errors';
import { FormAlert } from '../../auth/components/FormAlert';
import { DIALOG_PROPS } from '../../../shared/dialog-styles';
import { useRetained } from '../../../shared/use-retained';
import { plural } from '../document-status';

/** What is about to be deleted: a whole source, a connected tool's source, or one file. */
export type DeleteTarget =
  | { kind: 'source'; id: string; name: string; documentCount: number }
  | { kind: 'connection'; id: string; name: string; documentCount: number; itemWord: string }
  | { kind: 'document'; id: string; name: string };

interface DeleteSourceDialogProps {
  /** null closes the dialog. */
  target: DeleteTarget | null;
  onClose: () => void;
  /** After the deletion (the list is refetched). */
  onDeleted: () => void;
}

/** Asks before deleting a source or a file; both take their indexed content with them. */
export function DeleteSourceDialog({ target, onClose, onDeleted }: DeleteSourceDialogProps) {
  const shown = useRetained(target);
  const [problem, setProblem] = useState<string | null>(null);
  const [deleteDocument, documentState] = useDeleteDocumentMutation();
  const [deleteSource, sourceState] = useDeleteSourceMutation();
  const loading = documentState.loading || sourceState.loading;
  const isSource = shown?.kind === 'source';
  const isConnection = shown?.kind === 'connection';

  const close = () => {
    setProblem(null);
    onClose();
  };

  const confirm = async () => {
    if (!target) return;
    setProblem(null);
    try {
      if (target.kind === 'document')
        await deleteDocument({
          variables: { id: target.id },
          // Out of every list at once, the pages loaded with "Load more" included.
          update: (cache) =>
            void cache.evict({ id: cache.identify({ __typename: 'Document', id: target.id }) }),
        });
      else await deleteSource({ variables: { id: target.id } });
      notifications.show({
        color: 'teal',
        message: `${target.name} was ${target.kind === 'connection' ? 'disconnected' : 'deleted'}`,
      });
      onDeleted();
      close();
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };

  return (
    <Modal
      opened={target !== null}
      onClose={close}
      title={isConnection ? 'Disconnect source' : isSource ? 'Delete source' : 'Delete file'}
      {...DIALOG_PROPS}
    >
      <Stack gap="md">
        {problem && (
          <FormAlert title={`Could not delete ${shown?.name ?? ''}`}>{problem}</FormAlert>
        )}
        <Text>
          {isConnection ? 'Disconnect' : 'Delete'}{' '}
          <Text span fw={600}>
            {shown?.name}
          </Text>
          {shown && shown.kind !== 'document' && shown.documentCount > 0
            ? ` and remove its ${plural(shown.documentCount, shown.kind === 'connection' ? shown.itemWord : 'file')} from search?`
            : '?'}
        </Text>
        <Text size="sm" c="dimmed">
          {isConnection
            ? 'Its synced items, their indexed content and the saved credentials are removed from Lumen; nothing changes in the tool itself. You can connect it again later.'
            : isSource
              ? 'Its files and their indexed content are removed, so answers no longer draw on them. This cannot be undone.'
              : 'The file and its indexed content are removed, so answers no longer draw on it. This cannot be undone.'}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={loading} data-autofocus>
            Cancel
          </Button>
          <Button color="red" loading={loading} onClick={() => void confirm()}>
            {isConnection ? 'Disconnect' : isSource ? 'Delete source' : 'Delete file'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
