import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import {
  useDeleteConversationMutation,
  type HistoryConversationFieldsFragment,
} from '../graphql/history.generated';
import { DIALOG_PROPS } from '../../../shared/dialog-styles';
import { errorMessage } from '../../../shared/graphql-errors';
import { useRetained } from '../../../shared/use-retained';
import { FormAlert } from '../../auth/components/FormAlert';
import { questionCount } from './history-format';

interface DeleteConversationDialogProps {
  /** The conversation to delete; null closes the dialog. */
  conversation: HistoryConversationFieldsFragment | null;
  onClose: () => void;
}

/** Asks before deleting: the questions, answers and votes go with it and cannot come back. */
export function DeleteConversationDialog({ conversation, onClose }: DeleteConversationDialogProps) {
  // Keeps the name on screen while the dialog animates closed.
  const shown = useRetained(conversation);
  const [problem, setProblem] = useState<string | null>(null);
  const [remove, { loading }] = useDeleteConversationMutation();

  const close = () => {
    setProblem(null);
    onClose();
  };

  const confirm = async () => {
    if (!conversation) return;
    setProblem(null);
    try {
      await remove({
        variables: { id: conversation.id },
        // Evicting the conversation drops it from every cached page of the list.
        update: (cache, { data }) => {
          if (!data?.deleteConversation) return;
          cache.evict({ id: cache.identify({ __typename: 'Conversation', id: conversation.id }) });
          cache.gc();
        },
      });
      notifications.show({ color: 'teal', message: 'Conversation deleted' });
      close();
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };

  return (
    <Modal
      opened={conversation !== null}
      onClose={close}
      title="Delete conversation"
      {...DIALOG_PROPS}
    >
      <Stack gap="md">
        {problem && <FormAlert title="Could not delete the conversation">{problem}</FormAlert>}
        <Text>
          Delete{' '}
          <Text span fw={600}>
            “{shown?.title}”
          </Text>
          ? Its {questionCount(shown?.turnCount ?? 0)} and their answers are deleted with it, for
          good.
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={loading} data-autofocus>
            Cancel
          </Button>
          <Button color="red" loading={loading} onClick={() => void confirm()}>
            Delete conversation
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
