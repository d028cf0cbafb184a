import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { IsNull, type DataSource } from 'typeorm';
import type { JobQueue } from '../../jobs/job-queue.js';
import { badInput } from '../../shared/app-error.js';
import { assertId } from '../../shared/ids.js';
import type { Logger } from '../../shared/logger.js';
import type { ObjectStorage } from '../../storage/object-storage.js';
import type { AuditLog } from '../audit/audit-log.js';
import {
  canReadSource,
  createUploadedDocument,
  declaredHash,
  deleteUploadedDocument,
  DEFAULT_SOURCE_NAME,
  findDuplicate,
  findDuplicates,
  INDEX_JOB,
  isDuplicateInsert,
  readableDocument,
  type Readers,
  Source,
  type SourceDocument,
  SourceErrors,
  storageKeysInUse,
  storedHash,
  uploadedBytes,
  uploadedDocument,
} from '../corpus/index.js';
import { requireCurrentPermission } from '../identity/require-permission.js';
import type { Viewer } from '../identity/viewer.js';
import { detectFormat, MAX_TEXT_CHARS, ParseError } from '../../parsing/index.js';
import { PendingUpload } from './pending-upload.entity.js';
import {
  ALLOWED_EXTENSIONS,
  cleanFileName,
  mediaType,
  OCTET_STREAM,
  tooLargeFor,
} from './upload-rules.js';

const UPLOAD_URL_TTL_MS = 15 * 60 * 1000;
const MAX_HASHES_ASKED = 100;
/** Expired URLs are deleted a little after they expire, so a PUT ending at expiry can finish. */
const PRUNE_GRACE_MS = 5 * 60 * 1000;

/** A document an upload replaced, as its deletion is finished and audited. */
interface Replaced {
  id: string;
  label: string;
  storageKey: string;
  sourceId: string;
}

export interface UploadLimits {
  maxFileBytes: number;
  workspaceQuotaBytes: number;
}

/**
 * The three-step upload (URL, PUT, confirm) that turns a file into a queued document. An upload
 * URL takes one PUT of at most the declared size and of the declared type; the bytes a confirmed
 * document keeps can never be replaced through it. Unconfirmed uploads hold their size of the
 * workspace quota until they expire, then `pruneExpired` deletes them. A workspace keeps one copy
 * of a file: the same bytes again are refused (DUPLICATE_DOCUMENT) unless the upload replaces
 * that document.
 */
export class UploadsService {
  constructor(
    private readonly db: DataSource,
    private readonly storage: ObjectStorage,
    private readonly queue: JobQueue,
    private readonly logger: Logger,
    private readonly audit: AuditLog,
    private readonly limits: UploadLimits,
    private readonly readers: Readers,
  ) {}

  /**
   * Which of these files the workspace already holds, asked before an upload form creates its
   * source (createUpload and confirm still check each file: this only spares an empty source).
   */
  async duplicatesOf(viewer: Viewer, contentHashes: readonly string[]) {
    requireCurrentPermission(viewer, 'source.write');
    if (contentHashes.length > MAX_HASHES_ASKED)
      throw badInput(`At most ${MAX_HASHES_ASKED} files at a time.`, { field: 'contentHashes' });
    const hashes = new Set<string>();
    for (const raw of contentHashes) {
      const hash = declaredHash(raw);
      if (hash) hashes.add(hash);
    }
    return findDuplicates(this.db, await this.readers.forViewer(viewer), [...hashes]);
  }

  /**
   * Step 1: a signed URL the browser PUTs the file to, bound to the caller's workspace. With the
   * file's SHA-256, a file already in the workspace is refused here, before its bytes are sent.
   */
  async createUpload(
    viewer: Viewer,
    input: {
      fileName: string;
      fileType?: string | null;
      fileSize?: number | null;
      sourceId?: string | null;
      contentHash?: string | null;
      replaceDocumentId?: string | null;
    },
  ) {
    requireCurrentPermission(viewer, 'source.write');
    const fileName = cleanFileName(input.fileName);
    const ext = path.extname(fileName).toLowerCase();
    if (!(ALLOWED_EXTENSIONS as readonly string[]).includes(ext))
      throw SourceErrors.extension(ALLOWED_EXTENSIONS);
    const declaredSize = input.fileSize ?? null;
    if (declaredSize !== null && (!Number.isSafeInteger(declaredSize) || declaredSize < 0))
      throw badInput('fileSize is the file size in bytes.', { field: 'fileSize' });
    // A text file's bytes are at least its characters: one over the text limit could never index.
    const fileLimit = Math.min(
      this.limits.maxFileBytes,
      ext === '.txt' ? MAX_TEXT_CHARS : Infinity,
    );
    if (declaredSize !== null && declaredSize > fileLimit) throw tooLargeFor(fileName, fileLimit);
    const hash = declaredHash(input.contentHash);
    const replacing = await this.replaceable(viewer, input.replaceDocumentId ?? null);
    const replaceId = replacing?.id ?? null;
    const reader = await this.readers.forViewer(viewer);
    const existing = hash && (await findDuplicate(this.db, reader, hash, replaceId));
    if (existing) throw SourceErrors.duplicate(existing);
    const used = await this.usedBytes(viewer.workspaceId);
    // The file being replaced gives its room back once this one is confirmed.
    const room = this.limits.workspaceQuotaBytes - used + (replacing?.fileSize ?? 0);
    if (room <= 0 || (declaredSize !== null && declaredSize > room))
      throw SourceErrors.quota(this.limits.workspaceQuotaBytes);
    const source = await this.uploadSource(viewer, input.sourceId ?? null);
    const key = `${viewer.workspaceId}/${randomUUID()}`;
    const maxBytes = declaredSize ?? Math.min(fileLimit, room);
    const fileType = mediaType(input.fileType);
    const expiresAt = new Date(Date.now() + UPLOAD_URL_TTL_MS);
    await this.db.getRepository(PendingUpload).insert({
      key,
      workspaceId: viewer.workspaceId,
      userId: viewer.userId,
      sourceId: source.id,
      fileName,
      fileType,
      maxSize: maxBytes,
      replaceDocumentId: replaceId,
      expiresAt,
    });
    const uploadUrl = await this.storage.createPutUrl({
      key,
      maxBytes,
      expiresAt,
      contentType: fileType === OCTET_STREAM && !input.fileType ? undefined : fileType,
      exactBytes: declaredSize ?? undefined,
    });
    return { fileKey: key, uploadUrl, expiresAt, maxBytes };
  }

  /**
   * Step 2 on local storage (the route checked the URL's signature): stores the one PUT the URL
   * allows. A URL already used or confirmed, or a body of another type than declared, is refused.
   */
  async receivePut(key: string, contentType: string | undefined, body: Readable) {
    const repo = this.db.getRepository(PendingUpload);
    const pending = await repo.findOne({ where: { key } });
    if (!pending) throw SourceErrors.uploadNotFound();
    if (pending.documentId || pending.putAt) throw SourceErrors.uploadUsed();
    if (mediaType(contentType) !== pending.fileType)
      throw SourceErrors.typeMismatch(pending.fileType);
    const claimed = await repo.update(
      { key, putAt: IsNull(), documentId: IsNull() },
      { putAt: () => 'now()' },
    );
    if (!claimed.affected) throw SourceErrors.uploadUsed();
    try {
      const size = await this.storage.write(key, body, pending.maxSize);
      // The quota now holds what was stored, not what the URL allowed.
      await repo.update(key, { maxSize: size });
      return size;
    } catch (error) {
      await repo.update({ key, documentId: IsNull() }, { putAt: null }); // the PUT may be retried
      if ((error as { status?: number }).status === 413)
        throw SourceErrors.overUpload(pending.maxSize);
      throw error;
    }
  }

  /**
   * Step 3: registers the uploaded file as a document and queues its indexing. Only the
   * workspace that asked for the URL can confirm it; confirming twice answers the same document.
   * The stored bytes' own SHA-256 decides duplicates (a declared hash may be wrong); an upload
   * that replaces a document deletes it in the same transaction that creates the new one.
   */
  async confirmUpload(
    viewer: Viewer,
    input: { fileKey: string; fileSize?: number | null },
  ): Promise<SourceDocument> {
    requireCurrentPermission(viewer, 'source.write');
    const repo = this.db.getRepository(PendingUpload);
    const pending = await repo.findOne({ where: { key: String(input.fileKey ?? '') } });
    if (!pending || pending.workspaceId !== viewer.workspaceId) throw SourceErrors.uploadNotFound();
    if (pending.documentId) return this.document(viewer, pending.documentId);
    if (pending.expiresAt.getTime() < Date.now()) throw SourceErrors.uploadExpired();
    const stored = await this.storage.stat(pending.key);
    if (stored === null) throw SourceErrors.notUploaded();
    const refuse = async (error: Error) => {
      await this.storage.remove(pending.key);
      await repo.delete({ key: pending.key, documentId: IsNull() });
      return error;
    };
    if (stored.size > pending.maxSize)
      throw await refuse(tooLargeFor(pending.fileName, pending.maxSize));
    if (input.fileSize != null && input.fileSize !== stored.size)
      throw await refuse(SourceErrors.sizeMismatch(input.fileSize, stored.size));
    // Stores that keep the PUT's type (S3) are checked here; local storage checked at the PUT.
    if (stored.contentType !== undefined && mediaType(stored.contentType) !== pending.fileType)
      throw await refuse(SourceErrors.typeMismatch(pending.fileType));
    try {
      detectFormat(await this.storage.head(pending.key), pending.fileName);
    } catch (error) {
      if (error instanceof ParseError)
        throw await refuse(SourceErrors.content(error.code, error.message));
      throw error;
    }
    const fileHash = await storedHash(this.storage, pending.key);
    if (fileHash === null) throw SourceErrors.notUploaded();
    const reader = await this.readers.forViewer(viewer);
    const same = await findDuplicate(this.db, reader, fileHash, pending.replaceDocumentId);
    if (same) throw await refuse(SourceErrors.duplicate(same));
    // From here the document's bytes live where the upload URL cannot reach them.
    const storageKey = await this.storage.seal(pending.key);
    let registered: { doc: SourceDocument; replaced: Replaced | null; created: boolean };
    try {
      registered = await this.register(viewer, pending, stored.size, storageKey, fileHash);
    } catch (error) {
      if (!isDuplicateInsert(error)) throw error;
      // The same bytes were confirmed by another upload between the check above and this insert.
      await this.storage.remove(storageKey);
      await repo.delete({ key: pending.key, documentId: IsNull() });
      const winner = await findDuplicate(this.db, reader, fileHash);
      throw winner ? SourceErrors.duplicate(winner) : error;
    }
    this.queue.kick();
    if (registered.replaced) await this.afterReplace(viewer, registered.replaced);
    // Once per document: a second confirm of the same upload answers it without a new event.
    if (registered.created)
      await this.audit.record(viewer, 'document.uploaded', {
        type: 'document',
        id: registered.doc.id,
        label: registered.doc.fileName ?? registered.doc.title,
        details: {
          sourceId: registered.doc.sourceId,
          fileSize: registered.doc.fileSize,
          ...(registered.replaced ? { replacedDocumentId: registered.replaced.id } : {}),
        },
      });
    return registered.doc;
  }

  /**
   * Confirm's transaction: the document (once, under the upload's row lock), its indexing job,
   * and the deletion of the document it replaces (its chunks cascade).
   */
  private register(
    viewer: Viewer,
    pending: PendingUpload,
    fileSize: number,
    storageKey: string,
    fileHash: string,
  ): Promise<{ doc: SourceDocument; replaced: Replaced | null; created: boolean }> {
    return this.db.transaction(async (m) => {
      const claimed = await m.query(
        `SELECT document_id FROM pending_uploads WHERE key = $1 FOR UPDATE`,
        [pending.key],
      );
      if (claimed.length === 0) throw SourceErrors.uploadExpired();
      if (claimed[0].document_id) {
        const doc = await uploadedDocument(m, claimed[0].document_id);
        return { doc, replaced: null, created: false };
      }
      // Already gone (deleted meanwhile) is fine: the new file takes its place all the same.
      const replaced = pending.replaceDocumentId
        ? await deleteUploadedDocument(m, pending.replaceDocumentId, viewer.workspaceId)
        : null;
      const created = await createUploadedDocument(m, {
        workspaceId: viewer.workspaceId,
        sourceId: pending.sourceId,
        fileName: pending.fileName,
        fileType: pending.fileType,
        fileSize,
        storageKey,
        fileHash,
        uploadedById: viewer.userId,
      });
      await m.getRepository(PendingUpload).update(pending.key, { documentId: created.id });
      await this.queue.enqueue(INDEX_JOB, { documentId: created.id }, m);
      return { doc: created, replaced, created: true };
    });
  }

  /** What deleting a document does after its rows are gone: its bytes, and the audit event. */
  private async afterReplace(viewer: Viewer, old: Replaced): Promise<void> {
    await this.storage
      .remove(old.storageKey)
      .catch((error) => this.logger.warn('Could not delete a replaced file', { error }));
    await this.audit.record(viewer, 'document.deleted', {
      type: 'document',
      id: old.id,
      label: old.label,
      details: { sourceId: old.sourceId },
    });
  }

  /** The uploaded document an upload may replace (connected items are their tool's to change). */
  private async replaceable(viewer: Viewer, id: string | null): Promise<SourceDocument | null> {
    if (!id) return null;
    const doc = await this.document(viewer, assertId(id));
    if (!doc.storageKey) throw SourceErrors.connectedDocument();
    return doc;
  }

  /** The three steps in one, for a file streamed through GraphQL (API consumers). */
  async uploadStream(
    viewer: Viewer,
    input: {
      fileName: string;
      fileType?: string;
      sourceId?: string | null;
      openStream: () => Readable;
    },
  ): Promise<SourceDocument> {
    const upload = await this.createUpload(viewer, input);
    // The multipart parser may already have refused the file (over its size limit) while the
    // database was asked: opening then throws, and a stream that fails later must be heard at
    // once, before storage gets round to piping it.
    try {
      const body = input.openStream();
      let failed: unknown;
      body.once('error', (error) => (failed ??= error));
      const size = await this.storage.write(
        upload.fileKey,
        body,
        upload.maxBytes,
        mediaType(input.fileType),
      );
      if (failed) throw failed;
      await this.db
        .getRepository(PendingUpload)
        .update(upload.fileKey, { putAt: () => 'now()', maxSize: size });
    } catch (error) {
      if ((error as { status?: number }).status === 413)
        throw tooLargeFor(input.fileName, upload.maxBytes);
      throw error;
    }
    return this.confirmUpload(viewer, { fileKey: upload.fileKey });
  }

  /**
   * Deletes upload URLs past their expiry, with the bytes no document kept (never confirmed, or
   * put again after confirm on a store whose URLs cannot be revoked). Answers how many.
   */
  async pruneExpired(now = new Date()): Promise<number> {
    const rows: { key: string }[] = await this.db.query(
      `WITH gone AS (DELETE FROM pending_uploads WHERE expires_at < $1 RETURNING key)
       SELECT key FROM gone`,
      [new Date(now.getTime() - PRUNE_GRACE_MS)],
    );
    const kept = await storageKeysInUse(
      this.db,
      rows.map((r) => r.key),
    );
    for (const row of rows) {
      if (kept.has(row.key)) continue;
      await this.storage
        .remove(row.key)
        .catch((error) => this.logger.warn('Could not delete an expired upload', { error }));
    }
    return rows.length;
  }

  /** Bytes held: stored files, and what unconfirmed, unexpired upload URLs may still hold. */
  private async usedBytes(workspaceId: string): Promise<number> {
    const [row] = await this.db.query(
      `SELECT coalesce(sum(max_size), 0) AS pending FROM pending_uploads
        WHERE workspace_id = $1 AND document_id IS NULL AND expires_at > now()`,
      [workspaceId],
    );
    return (await uploadedBytes(this.db, workspaceId)) + Number(row.pending);
  }

  private async document(viewer: Viewer, id: string): Promise<SourceDocument> {
    const doc = await readableDocument(this.db, await this.readers.forViewer(viewer), id);
    if (!doc) throw SourceErrors.documentNotFound();
    return doc;
  }

  /** The source an upload goes to: one the uploader can read, else NOT_FOUND (never revealed). */
  private async uploadSource(viewer: Viewer, sourceId: string | null): Promise<Source> {
    const repo = this.db.getRepository(Source);
    const reader = await this.readers.forViewer(viewer);
    if (sourceId) {
      assertId(sourceId);
      const source = await repo.findOne({
        where: { id: sourceId, workspaceId: viewer.workspaceId },
      });
      if (!source || !canReadSource(reader, source.id)) throw SourceErrors.sourceNotFound();
      if (source.kind !== 'file_upload') throw SourceErrors.notUploadSource();
      return source;
    }
    // API consumers may skip naming a source: their files go to one default upload source, open
    // to the whole workspace (the spec's flow), made again if the first one was restricted.
    // Two first uploads at once make one default source: the lock orders them per workspace.
    const { source, created } = await this.db.transaction(async (m) => {
      await m.query(
        `SELECT pg_advisory_xact_lock(hashtextextended('default-upload-source:' || $1, 0))`,
        [viewer.workspaceId],
      );
      const sources = m.getRepository(Source);
      const existing = await sources.findOne({
        where: {
          workspaceId: viewer.workspaceId,
          kind: 'file_upload',
          name: DEFAULT_SOURCE_NAME,
          accessMode: 'workspace',
        },
        order: { createdAt: 'ASC' },
      });
      if (existing) return { source: existing, created: false };
      const made = await sources.save({
        workspaceId: viewer.workspaceId,
        kind: 'file_upload',
        name: DEFAULT_SOURCE_NAME,
        description: 'Files uploaded without a named source.',
        createdById: viewer.userId,
      });
      return { source: made, created: true };
    });
    if (created)
      await this.audit.record(viewer, 'source.created', {
        type: 'source',
        id: source.id,
        label: source.name,
        details: { kind: source.kind, accessMode: 'workspace' },
      });
    return source;
  }
}
