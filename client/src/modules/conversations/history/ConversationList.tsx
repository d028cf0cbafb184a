import { Paper } from '@mantine/core';
import type { HistoryConversationFieldsFragment } from '../graphql/history.generated';
import classes from './ConversationList.module.css';
import { ConversationRow } from './ConversationRow';

interface ConversationListProps {
  conversations: readonly HistoryConversationFieldsFragment[];
  onDelete: (conversation: HistoryConversationFieldsFragment) => void;
}

/** The member's conversations, latest first, in one bordered list. */
export function ConversationList({ conversations, onDelete }: ConversationListProps) {
  return (
    <Paper withBorder radius="lg">
      <ul className={classes.list} aria-label="Conversations">
        {conversations.map((conversation) => (
          <ConversationRow key={conversation.id} conversation={conversation} onDelete={onDelete} />
        ))}
      </ul>
    </Paper>
  );
}
