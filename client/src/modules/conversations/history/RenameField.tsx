import { ActionIcon, Group, Loader, TextInput } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useState, type KeyboardEvent } from 'react';
import {
  useRenameConversationMutation,
  type HistoryConversationFieldsFragment,
} from '../graphql/history.generated';
import { errorMessage } from '../../../shared/graphql-errors';
import { TITLE_MAX } from './history-format';

interface RenameFieldProps {
  conversation: HistoryConversationFieldsFragment;
  /** Called once the name is saved or the edit is abandoned. */
  onDone: () => void;
}

/** The conversation's name in place, editable: Enter saves, Escape puts the old name back. */
export function RenameField({ conversation, onDone }: RenameFieldProps) {
  const [title, setTitle] = useState(conversation.title);
  const [problem, setProblem] = useState<string | null>(null);
  const [rename, { loading }] = useRenameConversationMutation();

  const save = async () => {
    const clean = title.replace(/\s+/g, ' ').trim();
    if (!clean) {
      setProblem('Give the conversation a name.');
      return;
    }
    if (clean === conversation.title) {
      onDone();
      return;
    }
    setProblem(null);
    try {
      // The answer carries the conversation by id, so the cached list shows the new name.
      await rename({ variables: { id: conversation.id, title: clean } });
      onDone();
    } catch (e) {
      setProblem(errorMessage(e));
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      if (!loading) void save();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onDone();
    }
  };

  return (
    <Group gap="xs" align="flex-start" wrap="nowrap" style={{ flex: 1, minWidth: 0 }}>
      <TextInput
        aria-label="Conversation name"
        value={title}
        onChange={(event) => {
          setTitle(event.currentTarget.value);
          setProblem(null);
        }}
        onKeyDown={onKeyDown}
        maxLength={TITLE_MAX}
        error={problem}
        // Read-only rather than disabled while saving, so focus stays for a retry after an error.
        readOnly={loading}
        rightSection={loading ? <Loader size="xs" /> : null}
        // The field appears because the member asked to rename: typing starts at once.
        autoFocus
        onFocus={(event) => event.currentTarget.select()}
        size="sm"
        style={{ flex: 1, minWidth: 0 }}
      />
      <ActionIcon
        variant="light"
        size="lg"
        aria-label="Save name"
        onClick={() => void save()}
        loading={loading}
      >
        <IconCheck size={16} />
      </ActionIcon>
      <ActionIcon
        variant="default"
        size="lg"
        aria-label="Cancel renaming"
        onClick={onDone}
        disabled={loading}
      >
        <IconX size={16} />
      </ActionIcon>
    </Group>
  );
}
