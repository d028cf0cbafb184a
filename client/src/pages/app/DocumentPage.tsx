import { Alert, Button, Group, Loader, Paper, Text } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft, IconFileOff, IconFileText } from '@tabler/icons-react';
import { useEffect, useMemo, useRef } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import {
  useDocumentContentQuery,
  useRecordDocumentViewMutation,
} from '../../modules/ask/graphql/ask.generated';
import { PageHeader } from '../../layout/PageHeader';
import { DocumentPassages } from '../../modules/ask/components/DocumentPassages';
import { targetOrdinal } from '../../modules/ask/document-passages';
import { fileIcon } from '../../modules/sources/components/file-icons';
import { OriginalFileButton } from '../../modules/sources/components/OriginalFileButton';
import { extensionOf, formatBytes } from '../../modules/sources/upload-rules';
import { EmptyState } from '../../shared/EmptyState';
import { describeError } from '../../shared/graphql-errors';

/** /app/documents/:documentId: a document's indexed text, opened at the passage a source cites. */
export function DocumentPage() {
  const { documentId = '' } = useParams();
  const [params] = useSearchParams();
  const { data, loading, error, refetch } = useDocumentContentQuery({
    variables: { id: documentId },
    notifyOnNetworkStatusChange: false,
  });
  const content = data?.documentContent;
  useRecordView(content?.document.id);

  const highlight = useMemo(
    () => (content ? targetOrdinal(content.passages, params) : null),
    [content, params],
  );

  const back = <BackButton />;

  if (loading && !content)
    return (
      <>
        <PageHeader above={back} title="Document" />
        <Group gap="xs">
          <Loader size="sm" />
          <Text c="dimmed">Loading...</Text>
        </Group>
      </>
    );

  if (!content) {
    const info = describeError(error);
    const missing = info.code === 'NOT_FOUND' || info.code === 'BAD_USER_INPUT';
    return (
      <>
        <PageHeader above={back} title="Document" />
        {missing ? (
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
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title="Error">
            <Text size="sm" mb="sm">
              {info.message}
            </Text>
            <Button size="xs" variant="light" color="red" onClick={() => void refetch()}>
              Try again
            </Button>
          </Alert>
        )}
      </>
    );
  }

  const { document, sourceName, sourceKind, passages } = content;
  const FileIcon = fileIcon(document.fileName);
  const type = extensionOf(document.fileName).slice(1).toUpperCase() || document.fileType;

  return (
    <>
      <PageHeader
        above={back}
        title={document.title}
        subtitle={sourceName}
        actions={
          (document.hasFile || document.webUrl) && (
            <OriginalFileButton document={document} sourceKind={sourceKind} />
          )
        }
        description={
          <Group gap={6} component="span" wrap="nowrap">
            <FileIcon size={16} stroke={1.6} aria-hidden style={{ flexShrink: 0 }} />
            <span style={{ overflowWrap: 'anywhere' }}>
              {document.fileName} · {type} · {formatBytes(document.fileSize)}
            </span>
          </Group>
        }
      />
      {passages.length === 0 ? (
        <EmptyState
          icon={IconFileText}
          title="No text to show yet"
          description={
            document.status === 'indexed'
              ? 'Lumen found no readable text in this file.'
              : 'This file is still being indexed. Its text appears here once indexing finishes.'
          }
        />
      ) : (
        <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }} maw={860}>
          <DocumentPassages passages={passages} highlight={highlight} />
        </Paper>
      )}
    </>
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
