import type { ParsedSection } from '../sources/parsing/index.js';
import type { SourceKind } from '../sources/source.entity.js';
import type { ConnectorHttp } from './connector-http.js';

/**
 * The seam every connected tool plugs into (one folder per tool: confluence/, jira/, …). A sync
 * calls `step` until it returns no next checkpoint, saving each checkpoint before the next step,
 * so a sync is a chain of short steps that survives restarts; items whose version is already
 * indexed are not fetched again; deletions come only from a complete listing.
 */
export interface Connector<Settings = unknown, Checkpoint = unknown> {
  kind: SourceKind;
  /** The tool's name in messages ("Confluence"). */
  label: string;
  /**
   * Checks the settings and credentials against the tool (live) and returns the settings to
   * store, resolved (e.g. space ids for space keys). Throws a connector error when they do not work.
   */
  validate(ctx: ConnectorContext<Settings>): Promise<Settings>;
  /** One listing step: a page of items from `checkpoint` (null: the start of a sync). */
  step(ctx: SyncContext<Settings>, checkpoint: Checkpoint | null): Promise<StepResult<Checkpoint>>;
  /**
   * Whether a sync's steps list every item (then what they did not list is gone), or only what
   * changed since `ctx.since` (then `listIds` gives the complete listing for deletions).
   */
  listsEverything(ctx: SyncContext<Settings>): boolean;
  /** One item in full, or null when it is gone (or no longer visible to the account). */
  fetchOne(ctx: ConnectorContext<Settings>, externalId: string): Promise<ConnectorItem | null>;
  /** One page of the complete listing of item ids (for deletions); cursor null at the start. */
  listIds(
    ctx: ConnectorContext<Settings>,
    cursor: string | null,
  ): Promise<{ ids: string[]; next: string | null }>;
}

export interface ConnectorContext<Settings> {
  /** Authenticated, rate-limited HTTP to the tool. */
  http: ConnectorHttp;
  settings: Settings;
}

export interface SyncContext<Settings> extends ConnectorContext<Settings> {
  /** Items changed since then are enough (an incremental sync); null lists everything. */
  since: Date | null;
  /** The versions already indexed of these items, so only new or changed ones are fetched. */
  knownVersions(externalIds: string[]): Promise<Map<string, string>>;
}

/** A page, issue or file as text, ready to chunk and index. */
export interface ConnectorItem {
  /** Stable within the source, e.g. `page:123`, `issue:10042`. */
  externalId: string;
  title: string;
  /** Where the item lives in its tool: answers cite it. */
  url: string;
  /** Changes whenever the item does (a version number, an update time). */
  version: string;
  updatedAt: Date | null;
  /** What kind of item, shown like a file type: `confluence/page`, `jira/issue`. */
  itemType: string;
  sections: ParsedSection[];
}

/** An item that could not be read; it is shown as failed, retried next sync, never pruned. */
export interface ItemFailure {
  externalId: string;
  title: string;
  url?: string;
  message: string;
}

export interface StepResult<Checkpoint> {
  /** New or changed items, in full. */
  items: ConnectorItem[];
  /** Listed items whose indexed version is current: marked as seen, not fetched. */
  unchanged: string[];
  failures: ItemFailure[];
  /** Where the next step starts; null when the listing is done. */
  next: Checkpoint | null;
  /**
   * The tool answered in a way that may have skipped items (e.g. an empty page that still links
   * to a next one): this sync must not prune anything.
   */
  incomplete?: boolean;
}
