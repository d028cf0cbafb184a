import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconExternalLink } from '@tabler/icons-react';
import { useState } from 'react';
import { CONNECTORS, isConnectorKind } from '../../connectors/connector-kinds';
import { downloadOriginal } from '../download-original';

interface OriginalFileButtonProps {
  document: { id: string; fileName: string; hasFile: boolean; webUrl?: string | null };
  sourceKind: string;
}

/** Only web links open from a page of ours (never `javascript:` or the like). */
const isWebLink = (url: string) => /^https?:\/\//i.test(url);

/**
 * Where the original is: an uploaded file downloads ("Download original"); a connected item has
 * no stored file and opens in its tool instead.
 */
export function OriginalFileButton({ document: doc, sourceKind }: OriginalFileButtonProps) {
  const [busy, setBusy] = useState(false);
  if (doc.hasFile) {
    const download = async () => {
      setBusy(true);
      try {
        await downloadOriginal(doc.id, doc.fileName);
      } catch (error) {
        notifications.show({
          color: 'red',
          title: 'Could not download the file',
          message: error instanceof Error ? error.message : String(error),
        });
      } finally {
        setBusy(false);
      }
    };
    return (
      <Button
        variant="light"
        leftSection={<IconDownload size={16} stroke={1.8} />}
        loading={busy}
        onClick={() => void download()}
      >
        Download original
      </Button>
    );
  }
  if (doc.webUrl && isWebLink(doc.webUrl)) {
    const tool = isConnectorKind(sourceKind) ? CONNECTORS[sourceKind].label : 'its tool';
    return (
      <Button
        component="a"
        href={doc.webUrl}
        target="_blank"
        rel="noopener noreferrer"
        variant="light"
        leftSection={<IconExternalLink size={16} stroke={1.8} />}
      >
        Open in {tool}
      </Button>
    );
  }
  return null;
}
