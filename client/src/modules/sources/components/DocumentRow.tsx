import { ActionIcon, Badge, Group, Progress, Text, ThemeIcon, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { isIndexing, plural, statusOf, type DocumentNode } from '../document-status';
import { formatBytes } from '../upload-rules';
import { fileIcon } from './file-icons';
import classes from './SourceRow.module.css';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

interface DocumentRowProps {
  doc: DocumentNode;
  /** Absent for members who may not delete. */
  onDelete?: (doc: DocumentNode) => void;
}

/** One file of a source and where its indexing stands. */
export function DocumentRow({ doc, onDelete }: DocumentRowProps) {
  const Icon = fileIcon(doc.fileName);
  const status = statusOf(doc.status);
  const indexing = isIndexing(doc);
  return (
    <li className={classes.document} aria-label={doc.fileName}>
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ThemeIcon variant="light" color="gray" size={32} radius="md">
          <Icon size={18} stroke={1.6} />
        </ThemeIcon>
        <div style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs" wrap="nowrap" justify="space-between">
            <Text size="sm" fw={500} truncate title={doc.fileName}>
              {doc.fileName}
            </Text>
            <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
              {doc.status === 'indexed' && (
                <Text size="sm" c="dimmed">
                  {plural(doc.chunkCount, 'chunk')}
                </Text>
              )}
              {indexing && (
                <Text size="sm" c="dimmed">
                  {doc.progress}%
                </Text>
              )}
              <Badge color={status.color} variant="light" radius="sm">
                {status.label}
              </Badge>
            </Group>
          </Group>
          <Text size="xs" c="dimmed">
            {formatBytes(doc.fileSize)} · added {dateFormat.format(new Date(doc.createdAt))}
          </Text>
          {indexing && (
            <Progress
              value={doc.progress}
              size="sm"
              mt={6}
              striped
              animated
              aria-label={`Indexing ${doc.fileName}`}
            />
          )}
          {doc.status === 'failed' && (
            <Text size="sm" c="red" mt={4}>
              {doc.error ?? 'Indexing failed.'}
            </Text>
          )}
        </div>
        {onDelete && (
          <Tooltip label="Delete file" withArrow>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={`Delete ${doc.fileName}`}
              onClick={() => onDelete(doc)}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
    </li>
  );
}
