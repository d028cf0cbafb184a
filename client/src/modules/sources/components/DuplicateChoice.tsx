import { Button, Group, Text } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import type { ExistingDocument } from '../duplicate-files';
import type { UploadItem } from '../use-file-upload';

const where = (doc: ExistingDocument) =>
  doc.sourceName ? `${doc.title} (${doc.sourceName})` : doc.title;

interface DuplicateChoiceProps {
  item: UploadItem;
  /** Absent while uploading: the choice waits until the batch is done. */
  onReplace?: (id: string) => void;
  onSkip?: (id: string) => void;
}

/**
 * Under a file the workspace already has: where it is, and the choice to replace that document
 * or skip this file. Nothing stored changes until the replacement is confirmed.
 */
export function DuplicateChoice({ item, onReplace, onSkip }: DuplicateChoiceProps) {
  if (item.status === 'ready' && item.replaces)
    return (
      <Text size="sm" c="dimmed" mt={6}>
        Replaces {where(item.replaces)} once uploaded.
      </Text>
    );
  if (item.status !== 'duplicate' || !item.duplicate) return null;
  return (
    <Group gap="xs" mt={6} wrap="nowrap" align="center" justify="space-between">
      <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
        <IconCopy size={16} color="var(--mantine-color-yellow-7)" aria-hidden />
        {/* The theme's soft-yellow text colour: yellow.8 on white is under 3:1. */}
        <Text size="sm" c="var(--mantine-color-yellow-light-color)" role="status">
          Already uploaded as {where(item.duplicate)}
        </Text>
      </Group>
      {onReplace && onSkip && (
        <Group gap={6} wrap="nowrap" style={{ flexShrink: 0 }}>
          <Button
            size="compact-sm"
            variant="light"
            aria-label={`Replace ${item.duplicate.title} with ${item.file.name}`}
            onClick={() => onReplace(item.id)}
          >
            Replace
          </Button>
          <Button
            size="compact-sm"
            variant="default"
            aria-label={`Skip ${item.file.name}`}
            onClick={() => onSkip(item.id)}
          >
            Skip
          </Button>
        </Group>
      )}
    </Group>
  );
}
