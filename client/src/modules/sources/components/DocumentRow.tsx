import {
  ActionIcon,
  Anchor,
  Badge,
  Group,
  Progress,
  Text,
  ThemeIcon,
  Tooltip,
} from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { isIndexing, plural, statusOf, type DocumentNode } from '../document-status';
import { formatBytes } from '../upload-rules';
import { fileIcon, itemIcon } from './file-icons';
import classes from './SourceRow.module.css';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** `confluence/page` → "Confluence page", `jira/issue` → "Jira issue". */
const itemLabel = (type: string) => {
  const [tool = '', item = 'item'] = type.split('/');
  return `${tool.charAt(0).toUpperCase()}${tool.slice(1)} ${item === 'blogpost' ? 'blog post' : item}`;
};

interface DocumentRowProps {
  doc: DocumentNode;
  /** Absent for members who may not delete. */
  onDelete?: (doc: DocumentNode) => void;
}

/** One file of a source and where its indexing stands. */
export function DocumentRow({ doc, onDelete }: DocumentRowProps) {
  const Icon = doc.webUrl ? itemIcon(doc.fileType) : fileIcon(doc.fileName);
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
            {doc.webUrl ? (
              <Anchor
                href={doc.webUrl}
                target="_blank"
                rel="noreferrer"
                size="sm"
                fw={500}
                truncate
                title={`Open ${doc.fileName}`}
              >
                {doc.fileName}
              </Anchor>
            ) : (
              <Text size="sm" fw={500} truncate title={doc.fileName}>
                {doc.fileName}
              </Text>
            )}
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
            {doc.webUrl
              ? `${itemLabel(doc.fileType)} · first synced ${dateFormat.format(new Date(doc.createdAt))}`
              : `${formatBytes(doc.fileSize)} · added ${dateFormat.format(new Date(doc.createdAt))}`}
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
