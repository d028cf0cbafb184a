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
