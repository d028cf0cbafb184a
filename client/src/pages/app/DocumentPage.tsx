import { Button, Group, Paper } from '@mantine/core';
import { IconArrowLeft, IconFileOff, IconFileText } from '@tabler/icons-react';
import { useEffect, useMemo, useRef } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import {
  useDocumentContentQuery,
  useRecordDocumentViewMutation,
  type DocumentContentQuery,
} from '../../modules/ask/graphql/ask.generated';
import { PageHeader } from '../../layout/PageHeader';
import { DocumentPassages } from '../../modules/ask/components/DocumentPassages';
import { targetOrdinal } from '../../modules/ask/document-passages';
import { fileIcon, itemIcon } from '../../modules/sources/components/file-icons';
import { itemLabel } from '../../modules/sources/document-status';
import { OriginalFileButton } from '../../modules/sources/components/OriginalFileButton';
import { extensionOf, formatBytes } from '../../modules/sources/upload-rules';
import { EmptyState } from '../../shared/EmptyState';
import { errorCode } from '../../shared/graphql-errors';
import { QueryState } from '../../shared/QueryState';
import { usePageTitle } from '../../shared/use-page-title';

/** The failure for a document that does not exist (or no longer does) in this workspace. */
const isMissing = (error: unknown) => {
  const code = errorCode(error);
  return code === 'NOT_FOUND' || code === 'BAD_USER_INPUT';
};

/**
 * /app/documents/:documentId: a document's indexed text, opened at the passage a source cites;
 * for a connected item too, with a link to it in its tool.
 */
export function DocumentPage() {
  const { documentId = '' } = useParams();
  const [params] = useSearchParams();
  const { data, error, refetch } = useDocumentContentQuery({
    variables: { id: documentId },
    notifyOnNetworkStatusChange: false,
  });
  const content = data?.documentContent;
  useRecordView(content?.document.id);
  // The tab names the file as people know it, extension included ("handbook.pdf").
  usePageTitle(content ? content.document.fileName || content.document.title : 'Document');

  const highlight = useMemo(
    () => (content ? targetOrdinal(content.passages, params) : null),
    [content, params],
  );

  return (
    <>
      <PageHeader
        above={<BackButton />}
        title={content?.document.title ?? 'Document'}
        subtitle={content?.sourceName}
        actions={
          content &&
          (content.document.hasFile || content.document.webUrl) && (
            <OriginalFileButton document={content.document} sourceKind={content.sourceKind} />
          )
        }
        description={content && <FileFacts document={content.document} />}
      />
      {!content && isMissing(error) ? (
        <EmptyState
          icon={IconFileOff}
          title="This document does not exist or was removed"
          description="The link may be old, or someone deleted the file or its source. Ask the question again to get current sources."
          actions={
            <Button component={Link} to="/app/dashboard" variant="light">
              Back to Home
            </Button>
          }
        />
      ) : (
        <QueryState
          data={content}
          error={error}
          onRetry={() => void refetch()}
          isEmpty={(c) => c.passages.length === 0}
          empty={
            <EmptyState
              icon={IconFileText}
              title="No text to show yet"
              description={
                content?.document.status === 'indexed'
                  ? 'Lumen found no readable text in this file.'
                  : 'This file is still being indexed. Its text appears here once indexing finishes.'
              }
            />
          }
        >
          {(c) => (
            <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }} maw={860}>
              <DocumentPassages passages={c.passages} highlight={highlight} />
            </Paper>
          )}
        </QueryState>
      )}
    </>
  );
}

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/**
 * Under its title: a file's icon, name, type and size; a connected item's type and when it last
 * changed in its tool (it has no file, and its tool's link is beside the title).
 */
function FileFacts({
  document,
}: {
  document: DocumentContentQuery['documentContent']['document'];
}) {
  if (document.webUrl) {
    const ItemIcon = itemIcon(document.fileType);
    return (
      <Group gap={6} component="span" wrap="nowrap">
        <ItemIcon size={16} stroke={1.6} aria-hidden style={{ flexShrink: 0 }} />
        <span>
          {itemLabel(document.fileType)} · updated {dateFormat.format(new Date(document.updatedAt))}
        </span>
      </Group>
    );
  }
  const FileIcon = fileIcon(document.fileName);
  const type = extensionOf(document.fileName).slice(1).toUpperCase() || document.fileType;
  return (
    <Group gap={6} component="span" wrap="nowrap">
      <FileIcon size={16} stroke={1.6} aria-hidden style={{ flexShrink: 0 }} />
      <span style={{ overflowWrap: 'anywhere' }}>
        {document.fileName} · {type} · {formatBytes(document.fileSize)}
      </span>
    </Group>
  );
}

/** Back to where the reader came from; home when the document was opened directly. */
function BackButton() {
  const navigate = useNavigate();
  const location = useLocation();
  const openedDirectly = location.key === 'default';
  return (
    <Button
      variant="subtle"
      color="gray"
      size="compact-sm"
      leftSection={<IconArrowLeft size={16} stroke={1.8} />}
      style={{ alignSelf: 'flex-start' }}
      onClick={() => (openedDirectly ? navigate('/app/dashboard') : navigate(-1))}
    >
      Back
    </Button>
  );
}

/** Adds the document to the reader's recently viewed, once per document opened. */
function useRecordView(documentId: string | undefined) {
  const [record] = useRecordDocumentViewMutation();
  const recorded = useRef<string | null>(null);
  useEffect(() => {
    if (!documentId || recorded.current === documentId) return;
    recorded.current = documentId;
    // Only history: a failure here should not disturb reading.
    record({ variables: { id: documentId } }).catch(() => {});
  }, [documentId, record]);
}
