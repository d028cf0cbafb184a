import { ActionIcon, Badge, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconArrowRight, IconPencil, IconRobot, IconTrash } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import type { HistoryConversationFieldsFragment } from '../graphql/history.generated';
import classes from './ConversationList.module.css';
import { formatFull, formatUpdated, questionCount, resumePath } from './history-format';
import { RenameField } from './RenameField';
import { SlackBadge } from '../../../shared/SlackBadge';

interface ConversationRowProps {
  conversation: HistoryConversationFieldsFragment;
  onDelete: (conversation: HistoryConversationFieldsFragment) => void;
}

/** One conversation: its name, when it was last continued, and resume, rename and delete. */
export function ConversationRow({ conversation, onDelete }: ConversationRowProps) {
  const { title } = conversation;
  const [editing, setEditing] = useState(false);
  const renameButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);

  // Keyboard users land back on the Rename button once the field goes away.
  useEffect(() => {
    if (wasEditing.current && !editing) renameButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  return (
    <li className={classes.row} aria-label={title}>
      <Group justify="space-between" align="center" gap="sm" wrap="nowrap">
        {editing ? (
          <RenameField conversation={conversation} onDone={() => setEditing(false)} />
        ) : (
          <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
            <Text fw={600} size="sm" lineClamp={2} className={classes.title}>
              {title}
            </Text>
            <Group gap="xs" wrap="wrap">
              <Tooltip label={formatFull(conversation.updatedAt)} openDelay={300}>
                <Text size="xs" c="dimmed" component="time" dateTime={conversation.updatedAt}>
                  {formatUpdated(conversation.updatedAt)}
                </Text>
              </Tooltip>
              <Text size="xs" c="dimmed" aria-hidden>
                ·
              </Text>
              <Text size="xs" c="dimmed">
                {questionCount(conversation.turnCount)}
              </Text>
              {conversation.origin === 'slack' && <SlackBadge />}
              {conversation.botId && (
                <Badge
                  size="sm"
                  variant="light"
                  color="grape"
                  radius="sm"
                  tt="none"
                  leftSection={<IconRobot size={12} aria-hidden />}
                >
                  {conversation.botName ?? 'Bot'}
                </Badge>
              )}
            </Group>
          </Stack>
        )}
        {!editing && (
          <Group gap={6} wrap="nowrap">
            <Button
              component={Link}
              to={resumePath(conversation)}
              size="xs"
              variant="light"
              rightSection={<IconArrowRight size={14} aria-hidden />}
              aria-label={`Resume ${title}`}
            >
              Resume
            </Button>
            <Tooltip label="Rename" openDelay={300}>
              <ActionIcon
                ref={renameButton}
                variant="subtle"
                color="gray"
                size="lg"
                aria-label={`Rename ${title}`}
                onClick={() => setEditing(true)}
              >
                <IconPencil size={16} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Delete" openDelay={300}>
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                aria-label={`Delete ${title}`}
                onClick={() => onDelete(conversation)}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Tooltip>
          </Group>
        )}
      </Group>
    </li>
  );
}
