import { can } from '../policies/index.js';
import type { DataSource } from 'typeorm';
import { badInput } from '../../shared/app-error.js';
import type { ObjectStorage } from '../../storage/object-storage.js';
import {
  parseAccess,
  type SourceAccessInputValue,
  type SourceAccessService,
} from '../access/source-access.service.js';
import type { AuditLog } from '../audit/audit-log.js';
import { requireCurrentPermission } from '../identity/require-permission.js';
import type { Viewer } from '../identity/viewer.js';
import {
  DEFAULT_SOURCE_NAME,
  deleteSourceAndItems,
  deleteUploadedDocument,
  Source,
  SourceErrors,
  type Readers,
  type SourcesService,
} from '../corpus/index.js';

/**
 * Managing sources from the Sources screens: making an upload source with its access, deleting
 * an uploaded file or a whole source. Who may do it is checked here and the change is audited;
 * the rows change through the corpus.
 */
export class SourceAdmin {
  constructor(
    private readonly db: DataSource,
    private readonly storage: ObjectStorage,
    private readonly audit: AuditLog,
    private readonly readers: Readers,
    private readonly sources: SourcesService,
    private readonly access: SourceAccessService,
  ) {}

  async createUploadSource(
    viewer: Viewer,
    input: { name?: string | null; description: string; access?: SourceAccessInputValue | null },
  ): Promise<Source> {
    requireCurrentPermission(viewer, 'source.write');
    const description = (input.description ?? '').trim();
    if (!description)
      throw badInput('Describe what these files are about.', { field: 'description' });
    if (description.length > 2000)
      throw badInput('The description is at most 2000 characters.', { field: 'description' });
    const name = (input.name ?? '').trim().slice(0, 200) || DEFAULT_SOURCE_NAME;
    const access = parseAccess(input.access);
    const created = await this.db.transaction(async (m) => {
      const source = await m.getRepository(Source).save({
        workspaceId: viewer.workspaceId,
        kind: 'file_upload',
        name,
        description,
        createdById: viewer.userId,
        accessMode: access.mode,
      });
      await this.access.write(m, viewer.workspaceId, source.id, access);
      return source;
    });
    this.readers.forget(viewer); // the answer shows the new source as readable
    await this.audit.record(viewer, 'source.created', {
      type: 'source',
      id: created.id,
      label: created.name,
      details: { kind: created.kind, accessMode: created.accessMode },
    });
    return created;
  }

  async deleteDocument(viewer: Viewer, id: string): Promise<void> {
    requireCurrentPermission(viewer, 'source.write');
    const doc = await this.sources.document(viewer, id);
    if (!doc.storageKey) throw SourceErrors.connectedDocument();
    await deleteUploadedDocument(this.db.manager, doc.id, viewer.workspaceId); // chunks cascade
    await this.storage.remove(doc.storageKey);
    await this.audit.record(viewer, 'document.deleted', {
      type: 'document',
      id: doc.id,
      label: doc.fileName ?? doc.title,
      details: { sourceId: doc.sourceId },
    });
  }

  /**
   * Deletes a source the caller sees: one open to the workspace (with source.write), or a
   * restricted one they manage (owner or admin); a granted reader cannot delete it.
   */
  async deleteSource(viewer: Viewer, id: string): Promise<void> {
    requireCurrentPermission(viewer, 'source.write');
    const source = await this.sources.source(viewer, id);
    if (!can(viewer, 'source.change', source)) throw SourceErrors.cannotManage();
    const files = await deleteSourceAndItems(this.db, source.id);
    await Promise.all(files.map((key) => this.storage.remove(key)));
    await this.audit.record(
      viewer,
      source.kind === 'file_upload' ? 'source.deleted' : 'connector.disconnected',
      { type: 'source', id: source.id, label: `${source.kind}: ${source.name}` },
    );
  }
}
