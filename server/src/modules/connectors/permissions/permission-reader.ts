import type { ConnectorContext } from '../connector.js';

// Who may read one item, as the tool states it, and its one meaning: the corpus' vocabulary.
export { accessAllows, type ItemAccess } from '../../corpus/index.js';
import type { ItemAccess } from '../../corpus/index.js';

/**
 * Reads a connection's permissions with the connection's own credentials. Every method throws
 * on a failure (a connector error: 401/403 → ConnectorAuthError or PermissionsUnreadableError,
 * 5xx/network → ConnectorUnavailableError): the core then keeps the access it had (never widens).
 */
export interface PermissionReader<Settings = unknown> {
  /**
   * The access of these items (ids exactly as the connector gives them, e.g. `page:123`).
   * An id left out of the answer is one the tool says is gone or no longer readable by the
   * connection (403/404 for that one item): the core hides it at once.
   */
  itemAccess(
    ctx: ConnectorContext<Settings>,
    externalIds: string[],
  ): Promise<Map<string, ItemAccess>>;
  /**
   * The members of these groups, expanded through nested groups, as `user:<id>` or
   * `email:<address>` principals (never `group:`). A group the tool no longer knows answers [].
   */
  groupMembers(ctx: ConnectorContext<Settings>, groupIds: string[]): Promise<Map<string, string[]>>;
}

/**
 * The connection's account may not read the tool's permissions (not an admin, a missing scope):
 * the source is marked degraded and its documents are readable only by its owner.
 */
export class PermissionsUnreadableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PermissionsUnreadableError';
  }
}

/**
 * The fallback when a connection's account may not read the tool's permissions: the tool asked,
 * with one member's own credentials (the token of their linked account), which of the source's
 * items that member may open. Whatever the tool shows them is what they may read; nothing is
 * inferred. `ctx.http` carries the member's token; `ctx.settings` are the source's.
 */
export interface MemberAccessReader<Settings = unknown> {
  /**
   * Items per call (default 1000). A reader whose cost does not depend on how many ids it is
   * asked about (Drive lists all the member sees) takes far more at once.
   */
  readonly batchSize?: number;
  /**
   * Of these items (ids as the connector gives them, at most `batchSize` per call), the ones
   * the member may open now. An item the tool answers 403/404 for, or leaves out of a listing,
   * is not readable. Throws on a failure (401 → ConnectorAuthError: the member's token is dead;
   * 5xx/network → ConnectorUnavailableError): the core then keeps what it had.
   */
  readableItems(ctx: ConnectorContext<Settings>, externalIds: string[]): Promise<Set<string>>;
}
