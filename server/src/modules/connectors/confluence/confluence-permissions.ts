import type { ConnectorContext } from '../connector.js';
import { ConnectorConfigError } from '../tool-failures.js';
import {
  PermissionsUnreadableError,
  type ItemAccess,
  type PermissionReader,
} from '../permissions/permission-reader.js';
import type { ConfluenceSettings } from './confluence-connector.js';

/**
 * Confluence Cloud: a page or blog post is readable by whoever may read its space (space
 * permission read/space) AND passes the read restriction of every restricted page above it and
 * of its own. An empty restriction is no restriction (the page inherits), never "nobody".
 * Space grants come from REST v2, restrictions and group members from REST v1 (v2 has neither).
 */

type Ctx = ConnectorContext<ConfluenceSettings>;
type Kind = 'page' | 'blogpost';

interface Item {
  externalId: string;
  kind: Kind;
  id: string;
  spaceId: string;
}

interface ListAnswer<T> {
  results?: T[];
  _links?: { next?: string };
}

interface SpacePermission {
  principal?: { type?: string; id?: string };
  operation?: { key?: string; targetType?: string };
}

interface Subjects<T> {
  results?: T[];
  limit?: number;
}

interface RestrictionAnswer {
  restrictions?: {
    user?: Subjects<{ accountId?: string }>;
    group?: Subjects<{ id?: string }>;
  };
}

interface MembersAnswer {
  results?: { accountId?: string }[];
  limit?: number;
}

/** A read restriction: `restricted` false when it names no one (the page inherits). */
interface Restriction {
  restricted: boolean;
  principals: string[];
}

/** Ids per bulk content request. */
const ID_BATCH = 100;
/** The largest page v2 lists and the ancestors endpoint answer. */
const V2_LIMIT = 250;
/** Users and groups per restriction request. */
const SUBJECT_LIMIT = 100;
/** Members per group request (Confluence's maximum). */
const MEMBER_LIMIT = 200;
/** Statuses whose content people can still open. */
const READABLE_STATUSES = new Set(['current', 'archived']);

export const confluencePermissions: PermissionReader<ConfluenceSettings> = {
  async itemAccess(ctx, externalIds) {
    const items = await findItems(ctx, externalIds);
    const reads = new Reads(ctx);
    const result = new Map<string, ItemAccess>();
    await Promise.all(
      items.map(async (item) => {
        const access = await reads.accessOf(item);
        if (access) result.set(item.externalId, access);
      }),
    );
    return result;
  },

  async groupMembers(ctx, groupIds) {
    const result = new Map<string, string[]>();
    await Promise.all(
      [...new Set(groupIds)].map(async (id) => result.set(id, await membersOf(ctx, id))),
    );
    return result;
  },
};

/** The items that still exist, with their space (bulk v2 reads; a missing one is gone). */
async function findItems(ctx: Ctx, externalIds: string[]): Promise<Item[]> {
  const wanted = new Map<string, Kind>();
  for (const externalId of externalIds) {
    const match = /^(page|blogpost):(\d+)$/.exec(externalId);
    if (match) wanted.set(match[2]!, match[1] as Kind);
  }
  const items: Item[] = [];
  for (const kind of ['page', 'blogpost'] as const) {
    const ids = [...wanted].filter(([, k]) => k === kind).map(([id]) => id);
    for (let i = 0; i < ids.length; i += ID_BATCH) {
      const query = ids.slice(i, i + ID_BATCH).map((id) => `id=${id}`);
      const listed = await listAll<{ id: string; spaceId?: string; status?: string }>(
        ctx,
        `/wiki/api/v2/${kind}s?${query.join('&')}&limit=${ID_BATCH}`,
      );
      for (const c of listed ?? [])
        if (c.spaceId && READABLE_STATUSES.has(c.status ?? 'current'))
          items.push({ externalId: `${kind}:${c.id}`, kind, id: String(c.id), spaceId: c.spaceId });
    }
  }
  return items;
}

/** One call's reads, each made once however many items share it (a space, an ancestor). */
class Reads {
  private readonly spaces = new Map<string, Promise<string[] | null>>();
  private readonly restrictions = new Map<string, Promise<Restriction | null>>();

  constructor(private readonly ctx: Ctx) {}

  /** Null when the item (or what it hangs from) is gone: it is left out. */
  async accessOf(item: Item): Promise<ItemAccess | null> {
    const [readers, ancestors] = await Promise.all([
      this.spaceReaders(item.spaceId),
      item.kind === 'page' ? ancestorsOf(this.ctx, item.id) : Promise.resolve([]),
    ]);
    if (!readers || !ancestors) return null;
    const chain = await Promise.all([...ancestors, item.id].map((id) => this.restriction(id)));
    if (chain.some((r) => r === null)) return null;
    const restricted = (chain as Restriction[]).filter((r) => r.restricted);
    return [readers, ...restricted.map((r) => r.principals)];
  }

  private spaceReaders(spaceId: string): Promise<string[] | null> {
    return memo(this.spaces, spaceId, () => spaceReaders(this.ctx, spaceId));
  }

  private restriction(contentId: string): Promise<Restriction | null> {
    return memo(this.restrictions, contentId, () => readRestriction(this.ctx, contentId));
  }
}

/**
 * Who holds read/space: users, groups, and `everyone` for anonymous access (the ANONYMOUS role).
 * Other roles are left out: none of them means "public". Null when the space is gone.
 */
async function spaceReaders(ctx: Ctx, spaceId: string): Promise<string[] | null> {
  const assignments = await permissionsRead(
    listAll<SpacePermission>(ctx, `/wiki/api/v2/spaces/${spaceId}/permissions?limit=${V2_LIMIT}`),
    `Confluence did not let the connected account read the permissions of space ${spaceId} (HTTP 403). It needs to be able to view every synced space and its permissions: make it a space admin there (or a Confluence admin), and with OAuth grant the read:space:confluence scope.`,
  );
  if (!assignments) return null;
  const readers = assignments
    .filter((a) => a.operation?.key === 'read' && a.operation.targetType === 'space')
    .flatMap((a) => spacePrincipal(a.principal));
  return [...new Set(readers)];
}

function spacePrincipal(principal: SpacePermission['principal']): string[] {
  if (!principal?.id) return [];
  if (principal.type === 'user') return [`user:${principal.id}`];
  if (principal.type === 'group') return [`group:${principal.id}`];
  if (principal.type === 'role' && principal.id.toUpperCase() === 'ANONYMOUS') return ['everyone'];
  return [];
}

/** Ancestor ids, top-down; null when the page is gone. */
async function ancestorsOf(ctx: Ctx, pageId: string): Promise<string[] | null> {
  const ids: string[] = [];
  // A full answer may stop short of the top: the rest are the ancestors of the highest one.
  for (let from = pageId; ;) {
    const { status, body } = await ctx.http.get<ListAnswer<{ id: string }>>(
      apiUrl(ctx, `/wiki/api/v2/pages/${from}/ancestors?limit=${V2_LIMIT}`),
      { allowNotFound: true },
    );
    // Gone, or an ancestor gone mid-walk: without the whole chain nothing is safe to say.
    if (status === 404) return null;
    const found = (body?.results ?? []).map((a) => String(a.id));
    ids.unshift(...found);
    if (found.length < V2_LIMIT) return ids;
    from = found[0]!;
  }
}

/** The read restriction of one page, paged through its users and groups; null when gone. */
async function readRestriction(ctx: Ctx, contentId: string): Promise<Restriction | null> {
  const principals: string[] = [];
  let restricted = false;
  for (let start = 0; ; start += SUBJECT_LIMIT) {
    const { status, body } = await permissionsRead(
      ctx.http.get<RestrictionAnswer>(
        apiUrl(
          ctx,
          `/wiki/rest/api/content/${contentId}/restriction/byOperation/read?expand=restrictions.user,restrictions.group&start=${start}&limit=${SUBJECT_LIMIT}`,
        ),
        { allowNotFound: true },
      ),
      `Confluence did not let the connected account read the restrictions of page ${contentId} (HTTP 403). With OAuth it needs the read:content.restriction:confluence (read:confluence-content.permission) scope.`,
    );
    if (status === 404) return null;
    const users = body?.restrictions?.user?.results ?? [];
    const groups = body?.restrictions?.group?.results ?? [];
    restricted ||= users.length > 0 || groups.length > 0;
    principals.push(
      ...users.flatMap((u) => (u.accountId ? [`user:${u.accountId}`] : [])),
      ...groups.flatMap((g) => (g.id ? [`group:${g.id}`] : [])),
    );
    const full = (s: Subjects<unknown> | undefined) =>
      (s?.results?.length ?? 0) >= (s?.limit ?? SUBJECT_LIMIT);
    if (!full(body?.restrictions?.user) && !full(body?.restrictions?.group))
      return { restricted, principals: [...new Set(principals)] };
  }
}

/** A group's members (Confluence lists users only); a group it no longer knows has none. */
async function membersOf(ctx: Ctx, groupId: string): Promise<string[]> {
  const members: string[] = [];
  for (let start = 0; ;) {
    const { status, body } = await permissionsRead(
      ctx.http.get<MembersAnswer>(
        apiUrl(
          ctx,
          `/wiki/rest/api/group/${encodeURIComponent(groupId)}/membersByGroupId?start=${start}&limit=${MEMBER_LIMIT}`,
        ),
        { allowNotFound: true },
      ),
      `Confluence did not let the connected account list the members of group ${groupId} (HTTP 403). With OAuth it needs the read:group:confluence (read:confluence-groups) scope.`,
    );
    if (status === 404) return [];
    const page = body?.results ?? [];
    members.push(...page.flatMap((u) => (u.accountId ? [`user:${u.accountId}`] : [])));
    if (page.length === 0 || page.length < (body?.limit ?? MEMBER_LIMIT))
      return [...new Set(members)];
    start += page.length;
  }
}

/** Every result of a v2 list, following `_links.next`; null when the list answers 404. */
async function listAll<T>(ctx: Ctx, first: string): Promise<T[] | null> {
  const results: T[] = [];
  for (let path: string | null = first; path;) {
    const { status, body }: { status: number; body: ListAnswer<T> } = await ctx.http.get(
      apiUrl(ctx, path),
      { allowNotFound: true },
    );
    if (status === 404) return null;
    results.push(...(body?.results ?? []));
    path = (body?.results?.length ?? 0) > 0 ? relativeNext(body?._links?.next) : null;
  }
  return results;
}

/** A 403 on a permission endpoint: the account may not read permissions, not a missing item. */
async function permissionsRead<T>(work: Promise<T>, message: string): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof ConnectorConfigError) throw new PermissionsUnreadableError(message);
    throw error;
  }
}

function memo<T>(cache: Map<string, Promise<T>>, key: string, read: () => Promise<T>): Promise<T> {
  let found = cache.get(key);
  if (!found) cache.set(key, (found = read()));
  return found;
}

/** Only a path under /wiki/ is followed: a next link never sends the credentials elsewhere. */
function relativeNext(next: string | undefined): string | null {
  return next && next.startsWith('/wiki/') ? next : null;
}

function apiUrl(ctx: Ctx, path: string): string {
  return ctx.settings.apiBase + path;
}
