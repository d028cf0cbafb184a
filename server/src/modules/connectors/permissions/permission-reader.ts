import type { ConnectorContext } from '../connector.js';

/**
 * Who may read one item, as the tool states it: every clause must be met (AND), and a clause is
 * met by holding any one of its principals (OR). A Confluence page is [space readers, each
 * restricted ancestor's readers…, the page's own readers]; a Jira issue with a security level is
 * [browse holders, level holders]; a Drive file or a GitHub repository's item is one clause.
 *
 * Principals are the tool's own, never scoped to a Lumen source (the core scopes them):
 * - `everyone`: every member of the Lumen workspace (a GitHub public repository, a Confluence
 *   space open to anonymous users, Jira's `anyone`). Never used for "anyone at the site".
 * - `user:<accountId>`: an account (Atlassian account id, GitHub numeric user id).
 * - `email:<address>`: a Google account by its address, lowercased (Drive names users so).
 * - `domain:<domain>`: everyone in a Google Workspace domain (a domain share with discovery).
 * - `group:<id>`: a group of the tool (an Atlassian group id, a Google group's address, a GitHub
 *   team id, or a name the reader makes up for a set it expands itself, such as a Jira project
 *   role's actors or an application role's users). Its members come from `groupMembers`.
 * An empty clause is met by no one; an empty list of clauses is not allowed (say `[['everyone']]`).
 */
export type ItemAccess = string[][];

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
 * Whether someone holding `held` (their own principals: `user:`/`email:`/`domain:` ones, never
 * `everyone` or `group:`) meets `access`, given the groups' members. The one meaning of
 * ItemAccess: the core's storage and the tests' oracles both follow it.
 */
export function accessAllows(
  access: ItemAccess,
  members: ReadonlyMap<string, readonly string[]>,
  held: ReadonlySet<string>,
): boolean {
  if (access.length === 0) return false;
  return access.every((clause) =>
    clause.some((p) => {
      if (p === 'everyone') return true;
      if (p.startsWith('group:')) return (members.get(p.slice(6)) ?? []).some((m) => held.has(m));
      return held.has(p);
    }),
  );
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
