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
import { IconExternalLink, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { isIndexing, itemLabel, plural, statusOf, type DocumentNode } from '../document-status';
import { formatBytes } from '../upload-rules';
import { fileIcon, itemIcon } from './file-icons';
import classes from './SourceRow.module.css';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

interface DocumentRowProps {
  doc: DocumentNode;
  /** Absent for members who may not delete. */
  onDelete?: (doc: DocumentNode) => void;
  /** The connected tool's name, for the link to the item there ("Open in Confluence"). */
  tool?: string;
}

/** Only web links open from a page of ours (never `javascript:` or the like). */
const isWebLink = (url: string) => /^https?:\/\//i.test(url);

/**
 * One file or item of a source and where its indexing stands. Its name opens it in the app
 * (the document page: its text, and a link to its tool); a connected item also links to its
 * tool, in a new tab.
 */
export function DocumentRow({ doc, onDelete, tool }: DocumentRowProps) {
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
            <Anchor
              component={Link}
              to={`/app/documents/${doc.id}`}
              size="sm"
              fw={500}
              truncate
              title={`Open ${doc.fileName}`}
            >
              {doc.fileName}
            </Anchor>
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
              ? `${itemLabel(doc.fileType)} · updated ${dateFormat.format(new Date(doc.updatedAt))}`
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
        {doc.webUrl && isWebLink(doc.webUrl) && (
          <Tooltip label={`Open in ${tool ?? 'its tool'}`} withArrow>
            <ActionIcon
              component="a"
              href={doc.webUrl}
              target="_blank"
              rel="noopener noreferrer"
              variant="subtle"
              color="gray"
              aria-label={`Open ${doc.fileName} in ${tool ?? 'its tool'}`}
            >
              <IconExternalLink size={16} />
            </ActionIcon>
          </Tooltip>
        )}
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
