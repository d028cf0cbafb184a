import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { DataSource } from 'typeorm';
import type { JobQueue } from '../../jobs/job-queue.js';
import { badInput } from '../../shared/app-error.js';
import { assertId } from '../../shared/ids.js';
import type { Logger } from '../../shared/logger.js';
import type { ObjectStorage } from '../../storage/object-storage.js';
import { requireCurrentPermission } from '../auth/require-permission.js';
import type { Viewer } from '../auth/viewer.js';
import { SourceDocument } from './document.entity.js';
import { INDEX_JOB } from './indexer.js';
import { detectFormat, MAX_TEXT_CHARS, ParseError } from './parsing/index.js';
import { PendingUpload } from './pending-upload.entity.js';
import { SourceErrors } from './sources.errors.js';
import { Source } from './source.entity.js';

export const ALLOWED_EXTENSIONS = [
  '.pdf',
  '.doc',
  '.docx',
  '.xls',
  '.xlsx',
  '.ppt',
  '.pptx',
  '.txt',
] as const;
const UPLOAD_URL_TTL_MS = 15 * 60 * 1000;
const DEFAULT_SOURCE_NAME = 'Uploaded files';

export interface DocumentCounts {
  documents: number;
  indexed: number;
  failed: number;
  pending: number;
  chunks: number;
}

export interface UploadLimits {
  maxFileBytes: number;
  workspaceQuotaBytes: number;
}

/** Sources, their documents, and the three-step upload (URL, PUT, confirm) that feeds indexing. */
export class SourcesService {
  constructor(
    private readonly db: DataSource,
    private readonly storage: ObjectStorage,
    private readonly queue: JobQueue,
    private readonly logger: Logger,
    private readonly limits: UploadLimits,
  ) {}

  list(viewer: Viewer): Promise<Source[]> {
    return this.db
      .getRepository(Source)
      .find({ where: { workspaceId: viewer.workspaceId }, order: { createdAt: 'DESC' } });
  }

  /**
   * A source's documents, the ones that need attention first (failed, then being indexed), then
   * the newest; at most `first` (a connected source can hold many thousands).
   */
  documentsOf(workspaceId: string, sourceId: string, first: number): Promise<SourceDocument[]> {
    return this.db
      .getRepository(SourceDocument)
      .createQueryBuilder('d')
      .where('d.workspace_id = :workspaceId AND d.source_id = :sourceId', {
        workspaceId,
        sourceId,
      })
      .orderBy(`CASE d.status WHEN 'failed' THEN 0 WHEN 'indexed' THEN 2 ELSE 1 END`, 'ASC')
      .addOrderBy('d.created_at', 'DESC')
      .addOrderBy('d.id', 'ASC')
      .limit(first)
      .getMany();
  }

  /** Per source: documents, indexed, failed, pending and chunks, in one aggregate query. */
  async countsOf(workspaceId: string, sourceIds: string[]): Promise<Map<string, DocumentCounts>> {
    if (sourceIds.length === 0) return new Map();
    const rows: (DocumentCounts & { source_id: string })[] = await this.db.query(
      `SELECT source_id, count(*)::int AS documents,
              count(*) FILTER (WHERE status = 'indexed')::int AS indexed,
              count(*) FILTER (WHERE status = 'failed')::int AS failed,
              count(*) FILTER (WHERE status IN ('queued', 'parsing'))::int AS pending,
              coalesce(sum(chunk_count), 0)::int AS chunks
         FROM documents WHERE workspace_id = $1 AND source_id = ANY($2::uuid[])
        GROUP BY source_id`,
      [workspaceId, sourceIds],
    );
    return new Map(rows.map((r) => [r.source_id, r]));
  }

  async document(viewer: Viewer, id: string): Promise<SourceDocument> {
    assertId(id);
    const doc = await this.db
      .getRepository(SourceDocument)
      .findOne({ where: { id, workspaceId: viewer.workspaceId } });
    if (!doc) throw SourceErrors.documentNotFound();
    return doc;
  }

  async createUploadSource(
    viewer: Viewer,
    input: { name?: string | null; description: string },
  ): Promise<Source> {
    requireCurrentPermission(viewer, 'source.write');
    const description = (input.description ?? '').trim();
    if (!description)
      throw badInput('Describe what these files are about.', { field: 'description' });
    if (description.length > 2000)
      throw badInput('The description is at most 2000 characters.', { field: 'description' });
    const name = (input.name ?? '').trim().slice(0, 200) || DEFAULT_SOURCE_NAME;
    return this.db.getRepository(Source).save({
      workspaceId: viewer.workspaceId,
      kind: 'file_upload',
      name,
      description,
      createdById: viewer.userId,
    });
  }

  /** Step 1: a signed URL the browser PUTs the file to, bound to the caller's workspace. */
  async createUpload(
    viewer: Viewer,
    input: { fileName: string; fileType?: string; sourceId?: string | null },
  ) {
    requireCurrentPermission(viewer, 'source.write');
    const fileName = cleanFileName(input.fileName);
    const ext = path.extname(fileName).toLowerCase();
    if (!(ALLOWED_EXTENSIONS as readonly string[]).includes(ext))
      throw SourceErrors.extension(ALLOWED_EXTENSIONS);
    const used = await this.usedBytes(viewer.workspaceId);
    if (used >= this.limits.workspaceQuotaBytes)
      throw SourceErrors.quota(this.limits.workspaceQuotaBytes);
    const source = await this.uploadSource(viewer, input.sourceId ?? null);
    const key = `${viewer.workspaceId}/${randomUUID()}`;
    // A text file's bytes are at least its characters: one over the text limit could never index.
    const maxBytes = Math.min(
      this.limits.maxFileBytes,
      this.limits.workspaceQuotaBytes - used,
      ext === '.txt' ? MAX_TEXT_CHARS : Infinity,
    );
    const expiresAt = new Date(Date.now() + UPLOAD_URL_TTL_MS);
    await this.db.getRepository(PendingUpload).insert({
      key,
      workspaceId: viewer.workspaceId,
      userId: viewer.userId,
      sourceId: source.id,
      fileName,
      fileType: (input.fileType ?? '').slice(0, 200) || 'application/octet-stream',
      maxSize: maxBytes,
      expiresAt,
    });
    return {
      fileKey: key,
      uploadUrl: await this.storage.createPutUrl({ key, maxBytes, expiresAt }),
      expiresAt,
      maxBytes,
    };
  }

  /**
   * Step 3: registers the uploaded file as a document and queues its indexing. Only the
   * workspace that asked for the URL can confirm it; confirming twice answers the same document.
   */
  async confirmUpload(viewer: Viewer, input: { fileKey: string }): Promise<SourceDocument> {
    requireCurrentPermission(viewer, 'source.write');
    const pending = await this.db
      .getRepository(PendingUpload)
      .findOne({ where: { key: String(input.fileKey ?? '') } });
    if (!pending || pending.workspaceId !== viewer.workspaceId) throw SourceErrors.uploadNotFound();
    if (pending.documentId) return this.document(viewer, pending.documentId);
    const size = await this.storage.size(pending.key);
    if (size === null) throw SourceErrors.notUploaded();
    if (size > pending.maxSize) {
      await this.storage.remove(pending.key);
      throw tooLargeFor(pending.fileName, pending.maxSize);
    }
    try {
      detectFormat(await this.storage.head(pending.key), pending.fileName);
    } catch (error) {
      if (error instanceof ParseError) {
        await this.storage.remove(pending.key);
        await this.db.getRepository(PendingUpload).delete(pending.key);
        throw SourceErrors.content(error.code, error.message);
      }
      throw error;
    }
    const doc = await this.db.transaction(async (m) => {
      const claimed = await m.query(
        `SELECT document_id FROM pending_uploads WHERE key = $1 FOR UPDATE`,
        [pending.key],
      );
      if (claimed[0]?.document_id)
        return m
          .getRepository(SourceDocument)
          .findOneOrFail({ where: { id: claimed[0].document_id } });
      const created = await m.getRepository(SourceDocument).save({
        workspaceId: viewer.workspaceId,
        sourceId: pending.sourceId,
        title: pending.fileName.replace(/\.[^.]+$/, ''),
        fileName: pending.fileName,
        fileType: pending.fileType,
        fileSize: size,
        storageKey: pending.key,
        status: 'queued',
        uploadedById: viewer.userId,
      });
      await m.getRepository(PendingUpload).update(pending.key, { documentId: created.id });
      await this.queue.enqueue(INDEX_JOB, { documentId: created.id }, m);
      return created;
    });
    this.queue.kick();
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
      await this.storage.write(upload.fileKey, body, upload.maxBytes);
      if (failed) throw failed;
    } catch (error) {
      if ((error as { status?: number }).status === 413)
        throw tooLargeFor(input.fileName, upload.maxBytes);
      throw error;
    }
    return this.confirmUpload(viewer, { fileKey: upload.fileKey });
  }

  async deleteDocument(viewer: Viewer, id: string): Promise<void> {
    requireCurrentPermission(viewer, 'source.write');
    const doc = await this.document(viewer, id);
    if (!doc.storageKey) throw SourceErrors.connectedDocument();
    await this.db.getRepository(SourceDocument).delete(doc.id); // chunks cascade
    await this.storage.remove(doc.storageKey);
  }

  async deleteSource(viewer: Viewer, id: string): Promise<void> {
    requireCurrentPermission(viewer, 'source.write');
    assertId(id);
    const source = await this.db
      .getRepository(Source)
      .findOne({ where: { id, workspaceId: viewer.workspaceId } });
    if (!source) throw SourceErrors.sourceNotFound();
    const docs = await this.db
      .getRepository(SourceDocument)
      .find({ where: { sourceId: source.id } });
    await this.db.getRepository(Source).delete(source.id); // documents and chunks cascade
    await Promise.all(
      docs.flatMap((d) => (d.storageKey ? [this.storage.remove(d.storageKey)] : [])),
    );
  }

  private async uploadSource(viewer: Viewer, sourceId: string | null): Promise<Source> {
    const repo = this.db.getRepository(Source);
    if (sourceId) {
      assertId(sourceId);
      const source = await repo.findOne({
        where: { id: sourceId, workspaceId: viewer.workspaceId },
      });
      if (!source) throw SourceErrors.sourceNotFound();
      if (source.kind !== 'file_upload') throw SourceErrors.notUploadSource();
      return source;
    }
    // API consumers may skip naming a source: their files go to one default upload source.
    const existing = await repo.findOne({
      where: { workspaceId: viewer.workspaceId, kind: 'file_upload', name: DEFAULT_SOURCE_NAME },
      order: { createdAt: 'ASC' },
    });
    return (
      existing ??
      repo.save({
        workspaceId: viewer.workspaceId,
        kind: 'file_upload',
        name: DEFAULT_SOURCE_NAME,
        description: 'Files uploaded without a named source.',
        createdById: viewer.userId,
      })
    );
  }

  private async usedBytes(workspaceId: string): Promise<number> {
    const [row] = await this.db.query(
      // Connected items' text is not stored as files: only uploads count toward the quota.
      `SELECT coalesce(sum(file_size), 0) AS used FROM documents
        WHERE workspace_id = $1 AND storage_key IS NOT NULL`,
      [workspaceId],
    );
    return Number(row.used);
  }
}

// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;

/** Keeps a display name only: no folders, no control characters, bounded length. */
function cleanFileName(raw: string): string {
  const name = path
    .basename(String(raw ?? '').replace(/\\/g, '/'))
    .replace(CONTROL_CHARACTERS, '')
    .trim();
  if (!name || name === '.' || name === '..')
    throw badInput('fileName is required.', { field: 'fileName' });
  return name.slice(-200);
}

/** A refused size, said for what it is: text files are bounded by the characters indexed. */
function tooLargeFor(fileName: string, maxBytes: number) {
  return path.extname(fileName).toLowerCase() === '.txt' && maxBytes >= MAX_TEXT_CHARS
    ? SourceErrors.textTooLarge(MAX_TEXT_CHARS)
    : SourceErrors.tooLarge(maxBytes);
}
