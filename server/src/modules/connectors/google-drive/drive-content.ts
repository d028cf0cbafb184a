/** A Google Drive file as text: exported or downloaded, then parsed by the upload parsers. */
import { MAX_INPUT_BYTES, ParseError } from '../../../parsing/index.js';
import type { ConnectorItem, ItemFailure } from '../connector.js';
import { ConnectorConfigError, mustStop } from '../tool-failures.js';
import { ConnectorTooLargeError } from '../connector-http.js';
import {
  driveUrl,
  externalId,
  fileNameFor,
  kindOf,
  versionOf,
  type DriveContext as Ctx,
  type DriveFile,
} from './drive-api.js';

/** Files downloaded and parsed at once (each may hold up to MAX_INPUT_BYTES in memory). */
const FETCH_CONCURRENCY = 4;

/** New or changed files fetched and parsed (a few at a time); each failure is the file's alone. */
export async function indexFiles(
  ctx: Ctx,
  listed: DriveFile[],
  known: Map<string, string>,
): Promise<{ items: ConnectorItem[]; unchanged: string[]; failures: ItemFailure[] }> {
  const items: ConnectorItem[] = [];
  const unchanged: string[] = [];
  const failures: ItemFailure[] = [];
  const changed: DriveFile[] = [];
  for (const file of new Map(listed.map((f) => [f.id, f])).values()) {
    const version = versionOf(file);
    if (version && known.get(externalId(file.id)) === version) unchanged.push(externalId(file.id));
    else changed.push(file);
  }
  await eachLimited(changed, FETCH_CONCURRENCY, async (file) => {
    try {
      const item = await toItem(ctx, file);
      if (item) items.push(item); // null: gone since it was listed
    } catch (error) {
      if (mustStop(error)) throw error;
      failures.push({
        externalId: externalId(file.id),
        title: file.name || 'Untitled',
        url: file.webViewLink,
        message: failureMessage(error, file),
        version: versionOf(file),
      });
    }
  });
  return { items, unchanged, failures };
}

/** Google files exported (Docs and Slides as text, Sheets as xlsx), the rest downloaded; then parsed. */
export async function toItem(ctx: Ctx, file: DriveFile): Promise<ConnectorItem | null> {
  const kind = kindOf(file);
  if (!kind) return null;
  const title = file.name?.trim() || 'Untitled';
  if (!kind.exportAs && Number(file.size) > MAX_INPUT_BYTES)
    throw new ConnectorTooLargeError(
      `The file is larger than ${MAX_INPUT_BYTES / (1024 * 1024)} MB, the most Lumen reads from Google Drive.`,
    );
  const id = encodeURIComponent(file.id);
  const url = kind.exportAs
    ? driveUrl(ctx.settings.apiBase, `/files/${id}/export`, { mimeType: kind.exportAs })
    : driveUrl(ctx.settings.apiBase, `/files/${id}`, { alt: 'media', supportsAllDrives: 'true' });
  const { status, bytes } = await ctx.http.getBytes(url, {
    maxBytes: MAX_INPUT_BYTES,
    allowNotFound: true,
  });
  if (status === 404) return null;
  let sections: ConnectorItem['sections'];
  try {
    // A plain Uint8Array view: pdf.js refuses Node Buffers when parsing in this thread.
    const view = new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    sections = (await ctx.parse(view, fileNameFor(title, kind.extension))).sections;
  } catch (error) {
    // An empty Google Doc is still findable by its title (an empty upload is an error, as uploads are).
    if (!(kind.exportAs && error instanceof ParseError && error.code === 'EMPTY')) throw error;
    sections = [{ text: title, location: { kind: 'document', index: 1 } }];
  }
  return {
    externalId: externalId(file.id),
    title,
    url: file.webViewLink || `https://drive.google.com/file/d/${id}/view`,
    version: versionOf(file),
    updatedAt: file.modifiedTime ? new Date(file.modifiedTime) : null,
    itemType: `google/${kind.type}`,
    sections,
  };
}

/**
 * Why a file could not be read, for the people who see it. Google refuses exports over 10 MB
 * with a 403 (exportSizeLimitExceeded), which the HTTP client reports as refused access.
 */
function failureMessage(error: unknown, file: DriveFile): string {
  const message = error instanceof Error ? error.message : String(error);
  if (!kindOf(file)?.exportAs || !(error instanceof ConnectorConfigError)) return message;
  if (/too large|exportSizeLimitExceeded/i.test(message))
    return 'Google Drive cannot export this file: it is larger than the 10 MB Google exports.';
  return 'Google Drive refused to export this file (HTTP 403): it may be larger than the 10 MB Google exports, or its owner turned off downloading for viewers.';
}

/** Runs `work` over the list, at most `limit` at once; the first error stops the rest. */
async function eachLimited<T>(list: T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  let stopped = false;
  const worker = async () => {
    while (!stopped && next < list.length) {
      const item = list[next++]!;
      try {
        await work(item);
      } catch (error) {
        stopped = true;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, list.length) }, worker));
}
