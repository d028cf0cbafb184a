import { CloseButton, Group, Loader, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconCheck } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { plural, type SourceNode } from '../document-status';

/** Files just handed over to a source, and what the source held before them. */
export interface RecentUpload {
  count: number;
  /** The source's document count before the upload (0 for a source the upload created). */
  before: number;
  /** Its failed count before, so only this upload's failures are told. */
  failedBefore: number;
}

/** How long "indexed" stays once indexing has ended. */
export const DONE_NOTICE_MS = 6000;

/**
 * In the source's own row, in the page's flow (a toast floats over the rows below it): the
 * files just uploaded are being indexed, then that they are, and it closes itself.
 */
export function UploadProgressNotice({
  source,
  upload,
  onDismiss,
}: {
  source: Pick<SourceNode, 'name' | 'documentCount' | 'pendingCount' | 'failedCount'>;
  upload: RecentUpload;
  onDismiss: () => void;
}) {
  // Done once nothing is pending after the files arrived: seen pending, or counted in the list
  // (files indexed before the list was read again are never seen pending).
  const [seenPending, setSeenPending] = useState(false);
  if (source.pendingCount > 0 && !seenPending) setSeenPending(true);
  const arrived = source.documentCount >= upload.before + upload.count;
  const done = source.pendingCount === 0 && (seenPending || arrived);
  const failed = Math.max(0, source.failedCount - upload.failedBefore);

  const dismiss = useRef(onDismiss);
  useEffect(() => {
    dismiss.current = onDismiss;
  });
  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => dismiss.current(), DONE_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [done]);

  const files = plural(upload.count, 'file');
  return (
    <Group
      gap="xs"
      wrap="nowrap"
      px="md"
      py={6}
      role="status"
      aria-label={`Upload to ${source.name}`}
      style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
    >
      {!done ? (
        <Loader size={14} aria-hidden />
      ) : (
        <ThemeIcon size={18} radius="xl" variant="light" color={failed > 0 ? 'yellow' : 'teal'}>
          {failed > 0 ? <IconAlertTriangle size={12} /> : <IconCheck size={12} />}
        </ThemeIcon>
      )}
      <Text size="sm" style={{ flex: 1, minWidth: 0 }}>
        {!done
          ? `${files} uploaded — indexing…${source.pendingCount > 0 ? ` ${plural(source.pendingCount, 'file')} to go` : ''}`
          : failed > 0
            ? `${files} uploaded: indexing ended, ${failed} failed (see below)`
            : `${files} uploaded and indexed`}
      </Text>
      <CloseButton size="sm" aria-label="Dismiss" onClick={onDismiss} />
    </Group>
  );
}
