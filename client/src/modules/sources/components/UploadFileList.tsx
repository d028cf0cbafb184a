import {
  ActionIcon,
  Group,
  Paper,
  Progress,
  ScrollArea,
  Stack,
  Text,
  ThemeIcon,
} from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconX } from '@tabler/icons-react';
import { formatBytes, type RejectedFile } from '../upload-rules';
import type { UploadItem } from '../use-file-upload';
import { DuplicateChoice } from './DuplicateChoice';
import { fileIcon } from './file-icons';

function StatusText({ item }: { item: UploadItem }) {
  switch (item.status) {
    case 'uploading':
      return (
        <Text
          size="sm"
          fw={600}
          c="lumen"
          aria-label={`${item.file.name} uploaded ${item.percent}%`}
        >
          {item.percent}%
        </Text>
      );
    case 'confirming':
      return (
        <Text size="sm" c="dimmed">
          Checking…
        </Text>
      );
    case 'done':
      return (
        <Group gap={4} wrap="nowrap">
          <IconCircleCheck size={16} color="var(--mantine-color-teal-6)" aria-hidden />
          <Text size="sm" c="teal">
            Uploaded
          </Text>
        </Group>
      );
    default:
      return null;
  }
}

interface UploadFileListProps {
  items: UploadItem[];
  rejected: RejectedFile[];
  /** Absent while uploading: files cannot be removed then. */
  onRemove?: (id: string) => void;
  /** A duplicate's choices (absent while uploading). */
  onReplace?: (id: string) => void;
  onSkip?: (id: string) => void;
}

/**
 * The chosen files with their upload progress or problem, and the files that were refused. The
 * list scrolls within a bounded height, so however many files are chosen the dialog's buttons
 * stay on screen.
 */
export function UploadFileList({
  items,
  rejected,
  onRemove,
  onReplace,
  onSkip,
}: UploadFileListProps) {
  if (items.length === 0 && rejected.length === 0) return null;
  return (
    <ScrollArea.Autosize
      mah="min(30vh, 280px)"
      type="auto"
      offsetScrollbars
      // Focusable, so the list scrolls from the keyboard too.
      tabIndex={0}
    >
      <Stack
        gap={6}
        component="ul"
        aria-label="Chosen files"
        m={0}
        p={0}
        style={{ listStyle: 'none' }}
      >
        {items.map((item) => {
          const Icon = fileIcon(item.file.name);
          // A duplicate is dropped with Skip.
          const removable = onRemove && item.status !== 'done' && item.status !== 'duplicate';
          const busy = item.status === 'uploading' || item.status === 'confirming';
          return (
            <Paper
              component="li"
              key={item.id}
              withBorder
              radius="md"
              px="sm"
              py={8}
              aria-label={item.file.name}
            >
              <Group gap="sm" wrap="nowrap">
                <ThemeIcon variant="light" color="gray" size={32} radius="md">
                  <Icon size={18} stroke={1.6} />
                </ThemeIcon>
                <div style={{ flex: 1, minWidth: 0 }}>
                  <Text size="sm" fw={500} truncate>
                    {item.file.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {formatBytes(item.file.size)}
                  </Text>
                </div>
                <StatusText item={item} />
                {removable && (
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label={`Remove ${item.file.name}`}
                    onClick={() => onRemove(item.id)}
                  >
                    <IconX size={16} />
                  </ActionIcon>
                )}
              </Group>
              {busy && (
                <Progress
                  value={item.percent}
                  size="sm"
                  mt={8}
                  animated={item.status === 'confirming'}
                  striped={item.status === 'confirming'}
                  aria-label={`Uploading ${item.file.name}`}
                />
              )}
              <DuplicateChoice item={item} onReplace={onReplace} onSkip={onSkip} />
              {item.error && (
                <Text size="sm" c="red" mt={6} role="alert">
                  {item.error}
                </Text>
              )}
              {item.warning && item.status === 'ready' && (
                <Group gap={6} mt={6} wrap="nowrap" align="flex-start">
                  <IconAlertTriangle size={16} color="var(--mantine-color-yellow-7)" aria-hidden />
                  <Text size="sm" c="yellow.8">
                    {item.warning}
                  </Text>
                </Group>
              )}
            </Paper>
          );
        })}
        {rejected.map((file) => (
          <Paper
            component="li"
            key={`rejected-${file.name}`}
            withBorder
            radius="md"
            px="sm"
            py={8}
            aria-label={file.name}
          >
            <Group gap="sm" wrap="nowrap" align="flex-start">
              <ThemeIcon variant="light" color="red" size={32} radius="md">
                <IconAlertTriangle size={18} stroke={1.6} />
              </ThemeIcon>
              <div style={{ flex: 1, minWidth: 0 }}>
                <Text size="sm" fw={500} truncate>
                  {file.name}
                </Text>
                <Text size="sm" c="red" role="alert">
                  Not added: {file.reason}
                </Text>
              </div>
            </Group>
          </Paper>
        ))}
      </Stack>
    </ScrollArea.Autosize>
  );
}
