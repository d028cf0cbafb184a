import { useCallback, useRef, useState } from 'react';
import type { SourceAccessInput } from '../../graphql/types';
import {
  useConfirmUploadMutation,
  useCreateUploadMutation,
  useCreateUploadSourceMutation,
  useDeleteSourceMutation,
  useUploadDuplicatesLazyQuery,
} from './graphql/sources.generated';
import { errorMessage } from '../../shared/graphql-errors';
import { duplicateOf, sha256Hex, type ExistingDocument } from './duplicate-files';
import { CANCELLED_MESSAGE, UploadError, xhrPut, type PutFile } from './put-file';
import { fileIdentity, formatBytes, sizeWarning } from './upload-rules';

/** `duplicate`: the workspace already has this file; the user chooses Replace or Skip. */
export type UploadStatus = 'ready' | 'uploading' | 'confirming' | 'done' | 'failed' | 'duplicate';

export interface UploadItem {
  id: string;
  file: File;
  status: UploadStatus;
  /** Bytes sent, 0–100. */
  percent: number;
  /** Why this file failed, in the server's words. */
  error?: string;
  /** A caution before uploading (e.g. over the size limit). */
  warning?: string;
  /** The document this file already is (status `duplicate`). */
  duplicate?: ExistingDocument;
  /** The document this file replaces once confirmed (the user chose Replace). */
  replaces?: ExistingDocument;
}

export interface UploadValues {
  /** An existing upload source to add the files to (name, description and access then unused). */
  sourceId?: string;
  name: string;
  description: string;
  /** Who reads the new source (the server's default, everyone, when absent). */
  access?: SourceAccessInput;
}

export interface UploadSummary {
  /** Null when no file needed one (every file was already in the workspace). */
  sourceId: string | null;
  uploaded: string[];
  failed: { name: string; message: string }[];
  /** Files the workspace already has: they wait for Replace or Skip. */
  duplicates: string[];
}

type Outcome = { kind: 'done' } | { kind: 'duplicate' } | { kind: 'failed'; message: string };

/** Files a run uploads: not those already in, nor duplicates awaiting the user's choice. */
export const isPending = (item: UploadItem) =>
  item.status !== 'done' && item.status !== 'duplicate';

/** Files uploaded side by side: enough to keep the line busy, few enough to show progress. */
const PARALLEL = 3;
/** uploadDuplicates takes at most this many hashes a call. */
const HASHES_PER_ASK = 100;

async function inPool<T>(items: readonly T[], size: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(size, items.length) }, worker));
}

/**
 * The upload dialog's files and the spec's three-step flow for each (SPEC §4): createUpload for
 * a signed URL, PUT the bytes (with progress), confirmUpload to queue indexing. The source is
 * created once per dialog (unless the files go to an existing one); a retry adds the remaining
 * files to the same source. A file the
 * workspace already has is refused by its hash before its bytes are sent (or by its bytes at
 * confirm) and waits for the user: Replace uploads it again in place of that document, Skip
 * drops it.
 */
export function useFileUpload({ put = xhrPut }: { put?: PutFile } = {}) {
  const [items, setItems] = useState<UploadItem[]>([]);
  const [running, setRunning] = useState(false);
  const sourceId = useRef<string | null>(null);
  /** Files confirmed into that source (a ref: a close during uploads must see the latest). */
  const confirmedCount = useRef(0);
  const abort = useRef<AbortController | null>(null);
  const [createSource] = useCreateUploadSourceMutation();
  const [createUpload] = useCreateUploadMutation();
  const [confirmUpload] = useConfirmUploadMutation();
  const [deleteSource] = useDeleteSourceMutation();
  const [askDuplicates] = useUploadDuplicatesLazyQuery({ fetchPolicy: 'network-only' });

  const update = useCallback((id: string, patch: Partial<UploadItem>) => {
    setItems((prev) => prev.map((item) => (item.id === id ? { ...item, ...patch } : item)));
  }, []);

  const add = useCallback((files: readonly File[]) => {
    setItems((prev) => {
      const known = new Set(prev.map((item) => item.id));
      const added = files
        .filter((file) => !known.has(fileIdentity(file)) && known.add(fileIdentity(file)))
        .map((file): UploadItem => ({
          id: fileIdentity(file),
          file,
          status: 'ready',
          percent: 0,
          warning: sizeWarning(file),
        }));
      return [...prev, ...added];
    });
  }, []);

  const remove = useCallback((id: string) => {
    setItems((prev) => prev.filter((item) => item.id !== id));
  }, []);

  /** Replace: the next upload of this file deletes the document it duplicates. */
  const replace = useCallback((id: string) => {
    setItems((prev) =>
      prev.map((item) =>
        item.id === id && item.duplicate
          ? { ...item, status: 'ready', replaces: item.duplicate, duplicate: undefined }
          : item,
      ),
    );
  }, []);

  /**
   * The files among `todo` (not replacing anything) the workspace already holds, marked as
   * duplicates for the user to Replace or Skip. Asked before a source is created, so a batch of
   * files all already there creates none. When asking fails, nothing is marked: createUpload
   * checks each file again.
   */
  const markKnown = useCallback(
    async (todo: UploadItem[], hashes: Map<string, string | null>): Promise<Set<UploadItem>> => {
      const fresh = todo.filter((item) => !item.replaces && hashes.get(item.id));
      const asked = [...new Set(fresh.map((item) => hashes.get(item.id)!))];
      const known = new Map<string, ExistingDocument>();
      try {
        for (let at = 0; at < asked.length; at += HASHES_PER_ASK) {
          const { data, error } = await askDuplicates({
            variables: { contentHashes: asked.slice(at, at + HASHES_PER_ASK) },
          });
          if (error) throw error;
          for (const { contentHash, documentId, title, sourceName } of data?.uploadDuplicates ?? [])
            known.set(contentHash, { documentId, title, sourceName });
        }
      } catch {
        return new Set();
      }
      const marked = new Set<UploadItem>();
      for (const item of fresh) {
        const existing = known.get(hashes.get(item.id)!);
        if (!existing) continue;
        update(item.id, { status: 'duplicate', duplicate: existing, percent: 0 });
        marked.add(item);
      }
      return marked;
    },
    [askDuplicates, update],
  );

  const uploadOne = useCallback(
    async (
      item: UploadItem,
      target: string,
      signal: AbortSignal,
      contentHash: string | null,
    ): Promise<Outcome> => {
      const { file } = item;
      update(item.id, { status: 'uploading', percent: 0, error: undefined });
      try {
        const { data } = await createUpload({
          variables: {
            input: {
              fileName: file.name,
              fileType: file.type || null,
              fileSize: file.size,
              sourceId: target,
              contentHash,
              replaceDocumentId: item.replaces?.documentId ?? null,
            },
          },
        });
        const ticket = data?.createUpload;
        if (!ticket) throw new UploadError('The server sent no upload URL.');
        if (file.size > ticket.maxBytes)
          throw new UploadError(
            `This file is ${formatBytes(file.size)}; the limit is ${formatBytes(ticket.maxBytes)}.`,
          );
        if (signal.aborted) throw new UploadError(CANCELLED_MESSAGE);
        await put(ticket.uploadUrl, file, {
          signal,
          onProgress: (percent) => update(item.id, { percent }),
        });
        if (signal.aborted) throw new UploadError(CANCELLED_MESSAGE);
        update(item.id, { status: 'confirming', percent: 100 });
        const confirmed = await confirmUpload({ variables: { fileKey: ticket.fileKey } });
        if (!confirmed.data?.confirmUpload) throw new UploadError('The server sent no answer.');
        confirmedCount.current += 1;
        update(item.id, { status: 'done' });
        return { kind: 'done' };
      } catch (error) {
        const existing = duplicateOf(error);
        if (existing) {
          update(item.id, { status: 'duplicate', duplicate: existing, percent: 0 });
          return { kind: 'duplicate' };
        }
        const message = error instanceof UploadError ? error.message : errorMessage(error);
        update(item.id, { status: 'failed', error: message });
        return { kind: 'failed', message };
      }
    },
    [createUpload, confirmUpload, put, update],
  );

  /**
   * Creates the source (first time only) and uploads every file not yet uploaded. A failure to
   * create the source is thrown for the form to show; file failures stay on their files.
   */
  const run = useCallback(
    async (values: UploadValues): Promise<UploadSummary> => {
      const controller = new AbortController();
      abort.current = controller;
      setRunning(true);
      try {
        const summary: UploadSummary = {
          sourceId: sourceId.current,
          uploaded: [],
          failed: [],
          duplicates: [],
        };
        // One file at a time: hashing reads the whole file. (Null where the browser cannot
        // hash, outside a secure context: the server then checks the bytes at confirm.)
        const pending = items.filter(isPending);
        const hashes = new Map<string, string | null>();
        for (const item of pending) hashes.set(item.id, await sha256Hex(item.file));
        const known = await markKnown(pending, hashes);
        summary.duplicates.push(...[...known].map((item) => item.file.name));
        const todo = pending.filter((item) => !known.has(item));
        if (todo.length === 0) return summary;
        // Files added to a source that exists go there: it is never created here, so never
        // deleted on close either.
        if (!values.sourceId && !sourceId.current) {
          const { data } = await createSource({
            variables: {
              input: {
                name: values.name.trim() || null,
                description: values.description.trim(),
                access: values.access,
              },
            },
          });
          if (!data?.createUploadSource) throw new Error('The server sent no answer.');
          sourceId.current = data.createUploadSource.id;
        }
        const target = values.sourceId ?? sourceId.current!;
        summary.sourceId = target;
        await inPool(todo, PARALLEL, async (item) => {
          const outcome = await uploadOne(
            item,
            target,
            controller.signal,
            hashes.get(item.id) ?? null,
          );
          if (outcome.kind === 'failed')
            summary.failed.push({ name: item.file.name, message: outcome.message });
          else if (outcome.kind === 'duplicate') summary.duplicates.push(item.file.name);
          else summary.uploaded.push(item.file.name);
        });
        return summary;
      } finally {
        setRunning(false);
        abort.current = null;
      }
    },
    [createSource, items, markKnown, uploadOne],
  );

  /** Stops uploads in flight; files already confirmed keep indexing. */
  const cancel = useCallback(() => abort.current?.abort(), []);

  /**
   * Empties the dialog. A source this dialog created that got no file is deleted again, so a
   * failed or cancelled upload leaves no empty source behind. Answers whether it deleted one.
   */
  const reset = useCallback(async (): Promise<boolean> => {
    abort.current?.abort();
    const created = sourceId.current;
    const anyUploaded = confirmedCount.current > 0;
    sourceId.current = null;
    confirmedCount.current = 0;
    setItems([]);
    if (!created || anyUploaded) return false;
    try {
      await deleteSource({ variables: { id: created } });
      return true;
    } catch {
      return false; // an empty source is harmless; it can be deleted from the list
    }
  }, [deleteSource]);

  return { items, running, add, remove, replace, run, cancel, reset };
}
