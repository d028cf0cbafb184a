import type { ParsedDocument } from '../../parsing/index.js';
import type { ConnectorItem, ItemFailure, SourceKind } from '../corpus/index.js';
import type { ConnectorHttp } from './connector-http.js';

/**
 * The seam every connected tool plugs into (one folder per tool: confluence/, jira/, …). A sync
 * calls `step` until it returns no next checkpoint, saving each checkpoint before the next step,
 * so a sync is a chain of short steps that survives restarts; items whose version is already
 * indexed are not fetched again; deletions come from a complete listing, or from what the tool
 * itself reports gone (`StepResult.deleted`).
 */
export interface Connector<Settings = unknown, Checkpoint = unknown> {
  kind: SourceKind;
  /** The tool's name in messages ("Confluence"). */
  label: string;
  /**
   * At most this many requests in flight per source, below the server's setting (GitHub asks
   * for few concurrent requests per token, or it answers with secondary rate limits).
   */
  maxInFlight?: number;
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
  /**
   * How an incremental sync (`listsEverything` false) learns what was deleted, which says when
   * it runs the complete id listing (`listIds`, then prunes what that did not find):
   * - 'every-sync' (the default): its listing shows only what changed, and the id listing is
   *   cheap enough to run each time (Jira: 5,000 ids a request).
   * - 'interval': at most once per sweep interval (CONNECTOR_SWEEP_HOURS), because its steps
   *   report deletions themselves (Google Drive's changes feed: the sweep is a safety net), or
   *   because the id listing is costly (GitHub: a request per 100 issues; a deletion then waits
   *   up to the interval).
   * Either way a step that returns `sweep` has the id listing run in this sync.
   */
  deletions?: 'every-sync' | 'interval';
  /** One item in full, or null when it is gone (or no longer visible to the account). */
  fetchOne(ctx: ConnectorContext<Settings>, externalId: string): Promise<ConnectorItem | null>;
  /**
   * One page of the complete listing of item ids (for deletions); cursor null at the start.
   * `incomplete`: the tool answered in a way that may have left items out (Drive's
   * `incompleteSearch`), so nothing is pruned after this listing.
   */
  listIds(ctx: ConnectorContext<Settings>, cursor: string | null): Promise<IdPage>;
  /** What the source is called and holds, from its settings (shown on the Connectors page). */
  describe(settings: Settings): ConnectorSummary;
}

export interface ConnectorSummary {
  /** The site as people open it (https://acme.atlassian.net, https://github.com). */
  site: string;
  /** The chosen spaces, projects, repositories or folders; empty: everything visible. */
  keys: string[];
  /** "Confluence · ENG", "GitHub · acme/api". */
  name: string;
  /** "Pages and blog posts from acme.atlassian.net". */
  description: string;
}

export interface ConnectorContext<Settings> {
  /** Authenticated, rate-limited HTTP to the tool. */
  http: ConnectorHttp;
  settings: Settings;
  /**
   * A downloaded file (PDF, Word, Excel, PowerPoint, text) as text, by the same parsers and
   * worker limits as uploads; the format comes from the bytes and the name's extension. Throws
   * ParseError for a file it cannot read (the item fails alone).
   */
  parse(bytes: Uint8Array, fileName: string): Promise<ParsedDocument>;
}

export interface SyncContext<Settings> extends ConnectorContext<Settings> {
  /** Items changed since then are enough (an incremental sync); null lists everything. */
  since: Date | null;
  /**
   * The versions already indexed of these items, so only new or changed ones are fetched; an
   * item that failed counts with the version it failed at until its wait for a retry is over.
   */
  knownVersions(externalIds: string[]): Promise<Map<string, string>>;
  /**
   * What the last clean sync's `StepResult.cursor` left (e.g. Google Drive's changes page
   * token); null on a first sync or after settings changed.
   */
  cursor: string | null;
}

/** A page of the complete id listing. */
export interface IdPage {
  ids: string[];
  /** Where the next page starts; null when the listing is done. */
  next: string | null;
  /** This page may have left items out: the sync prunes nothing. */
  incomplete?: boolean;
}

// What a sync writes (items and failures) is the corpus' vocabulary.
export type { ConnectorItem, ItemFailure } from '../corpus/index.js';

export interface StepResult<Checkpoint> {
  /** New or changed items, in full. */
  items: ConnectorItem[];
  /** Listed items whose indexed version is current: marked as seen, not fetched. */
  unchanged: string[];
  failures: ItemFailure[];
  /** Where the next step starts; null when the listing is done. */
  next: Checkpoint | null;
  /** Items the tool reports removed (a changes feed): they leave the index now. */
  deleted?: string[];
  /**
   * Kept after this sync ends cleanly and handed to the next sync as `ctx.cursor` (a changes
   * feed's next page token). The last one returned in a sync wins.
   */
  cursor?: string;
  /**
   * The tool answered in a way that may have skipped items (e.g. an empty page that still links
   * to a next one): this sync must not prune anything.
   */
  incomplete?: boolean;
  /**
   * This listing could not report every deletion (e.g. a folder moved out of the chosen ones:
   * its files are not in Drive's changes feed): an incremental sync runs the complete id
   * listing (`listIds`) after the listing, and prunes what it did not find.
   */
  sweep?: true;
}
