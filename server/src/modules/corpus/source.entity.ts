import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
} from 'typeorm';
import { Workspace } from '../identity/workspace.entity.js';

/** Integration keys a source can have; uploads are `file_upload`. */
export type SourceKind = 'file_upload' | 'confluence' | 'jira' | 'google_docs' | 'github';

/** Who reads a source's documents (see modules/access). */
export type SourceAccessMode = 'workspace' | 'restricted' | 'mirror';

/** Where a connected source's syncing stands (uploads stay `idle`). */
export type SourceStatus = 'idle' | 'syncing' | 'error' | 'needs_reauth';

/**
 * A connected source of a workspace: for uploads, a named set of files with a description; for
 * a connector (Confluence, Jira…), its settings, sealed credentials and where its sync stands.
 */
@Entity({ name: 'sources' })
export class Source {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Index('idx_sources_workspace')
  @Column({ type: 'uuid', name: 'workspace_id' })
  workspaceId: string;

  @ManyToOne(() => Workspace, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'workspace_id' })
  workspace?: Workspace;

  @Column({ type: 'text' })
  kind: SourceKind;

  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'text', default: '' })
  description: string;

  /** The source's owner: always reads it, and may change who else does. */
  @Column({ type: 'uuid', name: 'created_by_id', nullable: true })
  createdById: string | null;

  /**
   * Who reads the source's documents: every member ('workspace'), or only its owner and the
   * members and groups chosen for it ('restricted'; modules/access decides, nothing else).
   */
  @Column({ type: 'text', name: 'access_mode', default: 'workspace' })
  accessMode: SourceAccessMode;

  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' })
  createdAt: Date;

  /** A connector's settings that are not secret (site, account name, space or project keys). */
  @Column({ type: 'jsonb', default: () => "'{}'" })
  settings: Record<string, unknown>;

  /** The connector's credentials as JSON, sealed with AES-256-GCM (AAD `source:<id>`). */
  @Column({ type: 'text', name: 'sealed_credentials', nullable: true })
  sealedCredentials: string | null;

  @Column({ type: 'text', default: 'idle' })
  status: SourceStatus;

  /** Where the running sync stands (connector-specific cursor and phase); null between syncs. */
  @Column({ type: 'jsonb', nullable: true })
  checkpoint: Record<string, unknown> | null;

  /**
   * What the connector keeps from one clean sync to the next (Google Drive's changes page
   * token); null until then, and again when the settings change.
   */
  @Column({ type: 'text', name: 'sync_cursor', nullable: true })
  syncCursor: string | null;

  /** Numbers each sync, so a complete listing can mark what it saw and prune the rest. */
  @Column({ type: 'integer', name: 'sync_run', default: 0 })
  syncRun: number;

  @Column({ type: 'timestamptz', name: 'last_sync_started_at', nullable: true })
  lastSyncStartedAt: Date | null;

  @Column({ type: 'timestamptz', name: 'last_sync_finished_at', nullable: true })
  lastSyncFinishedAt: Date | null;

  /** Start of the last sync that finished without error: incremental listings start from it. */
  @Column({ type: 'timestamptz', name: 'last_success_at', nullable: true })
  lastSuccessAt: Date | null;

  /**
   * When the last complete listing finished (a full listing, or an incremental sync's id
   * listing) and what it did not find was pruned: connectors whose id listing runs at most once
   * per CONNECTOR_SWEEP_HOURS read it.
   */
  @Column({ type: 'timestamptz', name: 'last_sweep_at', nullable: true })
  lastSweepAt: Date | null;

  @Column({ type: 'timestamptz', name: 'next_sync_at', nullable: true })
  nextSyncAt: Date | null;

  /** Resync was asked for while a sync ran: the next one starts as soon as it ends. */
  @Column({ type: 'boolean', name: 'resync_requested', default: false })
  resyncRequested: boolean;

  /** Counts of the current (or last) sync. */
  @Column({ type: 'integer', name: 'items_seen', default: 0 })
  itemsSeen: number;

  @Column({ type: 'integer', name: 'items_indexed', default: 0 })
  itemsIndexed: number;

  @Column({ type: 'integer', name: 'items_failed', default: 0 })
  itemsFailed: number;

  @Column({ type: 'integer', name: 'items_deleted', default: 0 })
  itemsDeleted: number;

  /** Items the last complete listing found: the denominator of a sync's progress. */
  @Column({ type: 'integer', name: 'items_total', nullable: true })
  itemsTotal: number | null;

  /** What went wrong last, in words a user can act on. */
  @Column({ type: 'text', name: 'last_error', nullable: true })
  lastError: string | null;

  /** When the tool's permissions were last read in full (a source that mirrors them). */
  @Column({ type: 'timestamptz', name: 'permissions_checked_at', nullable: true })
  permissionsCheckedAt: Date | null;

  /**
   * 'ok', or 'degraded' when the connection's account may not read the tool's permissions (its
   * documents are then readable only by the owner); null for a source that never read them.
   */
  @Column({ type: 'text', name: 'permissions_state', nullable: true })
  permissionsState: 'ok' | 'degraded' | null;

  /**
   * While the connection's account may not read the tool's permissions (degraded): each
   * member's access is asked of the tool with their own linked account's token, and the
   * documents' acl names the linked accounts the tool showed each item to. False otherwise.
   */
  @Column({ type: 'boolean', name: 'permissions_by_member', default: false })
  permissionsByMember: boolean;

  /** Why the last permission read failed, in words an admin can act on. */
  @Column({ type: 'text', name: 'permissions_error', nullable: true })
  permissionsError: string | null;

  /** Documents no linked member may read, as of the last permission read. */
  @Column({ type: 'integer', name: 'permissions_unmatched', nullable: true })
  permissionsUnmatched: number | null;

  /**
   * Chunks per principal of the chunks' acl (a mirrored source), counted after each sync: how
   * much of the source a reader holding some principals may read, for sizing candidate
   * generation (an estimate; the filter itself is exact).
   */
  @Column({ type: 'jsonb', name: 'acl_chunk_counts', nullable: true })
  aclChunkCounts: Record<string, number> | null;

  /**
   * Where a permission sync under way stands: the last item whose access it wrote (items are
   * read in external id order, a batch per job step); null between syncs.
   */
  @Column({ type: 'text', name: 'permissions_cursor', nullable: true })
  permissionsCursor: string | null;

  /** Minutes between this source's permission syncs; null: CONNECTOR_PERMISSION_SYNC_MINUTES. */
  @Column({ type: 'integer', name: 'permission_sync_minutes', nullable: true })
  permissionSyncMinutes: number | null;
}
