import type { ConnectorContext } from '../connector.js';
import {
  ConnectorAuthError,
  ConnectorConfigError,
  ConnectorUnavailableError,
} from '../tool-failures.js';
import type { MemberAccessReader } from '../permissions/permission-reader.js';
import type { ConfluenceSettings } from './confluence-connector.js';

/**
 * Confluence Cloud, asked with a member's own token which pages and blog posts they may open.
 * REST v2 `GET /wiki/api/v2/pages?id=…&id=…` and `GET /wiki/api/v2/blogposts?id=…` list only
 * the content the caller may view (space permission and every read restriction up the tree),
 * so what comes back is what the member may open, and nothing has to be worked out here.
 * Cost per member: one request per 250 pages plus one per 250 blog posts.
 * The member's token needs read:page:confluence and read:blogpost:confluence.
 */

type Kind = 'page' | 'blogpost';

interface ListAnswer {
  results?: { id?: string | number; status?: string }[];
  _links?: { next?: string };
}

/** Ids per request: the most `id` values, and the largest page, v2 lists take. */
const BATCH = 250;
/** Statuses of content people can still open (trashed content is not). */
const READABLE_STATUSES = new Set(['current', 'archived']);
/** Empty pages with a next link followed in a row before the answer is given up as unusable. */
const MAX_EMPTY_PAGES = 3;

export const confluenceMemberAccess: MemberAccessReader<ConfluenceSettings> = {
  async readableItems(ctx, externalIds) {
    const wanted = new Set(externalIds);
    const ids: Record<Kind, string[]> = { page: [], blogpost: [] };
    for (const externalId of wanted) {
      const match = /^(page|blogpost):(\d+)$/.exec(externalId);
      if (match) ids[match[1] as Kind].push(match[2]!);
    }
    const requests: { kind: Kind; batch: string[] }[] = [];
    for (const kind of ['page', 'blogpost'] as const)
      for (let i = 0; i < ids[kind].length; i += BATCH)
        requests.push({ kind, batch: ids[kind].slice(i, i + BATCH) });
    const readable = new Set<string>();
    await Promise.all(
      requests.map(async ({ kind, batch }) => {
        for (const c of await listVisible(ctx, kind, batch)) {
          const externalId = `${kind}:${c.id}`;
          if (wanted.has(externalId) && READABLE_STATUSES.has(c.status ?? 'current'))
            readable.add(externalId);
        }
      }),
    );
    return readable;
  },
};

/** The ones of these ids Confluence lists for the caller, following `_links.next`. */
async function listVisible(
  ctx: ConnectorContext<ConfluenceSettings>,
  kind: Kind,
  ids: string[],
): Promise<NonNullable<ListAnswer['results']>> {
  const found: NonNullable<ListAnswer['results']> = [];
  const query = ids.map((id) => `id=${id}`).join('&');
  let path: string | null = `/wiki/api/v2/${kind}s?${query}&limit=${BATCH}`;
  for (let empty = 0; path;) {
    let body: ListAnswer | undefined;
    try {
      ({ body } = await ctx.http.get<ListAnswer>(ctx.settings.apiBase + path));
    } catch (error) {
      // A 403 on the listing itself is the token, not an item: without its scope nothing works.
      if (error instanceof ConnectorConfigError)
        throw new ConnectorAuthError(
          `Confluence refused to list ${kind}s for this member (HTTP 403). Their linked Atlassian account must grant Lumen the read:${kind}:confluence scope: ask them to link it again.`,
        );
      throw error;
    }
    const results = body?.results ?? [];
    found.push(...results);
    path = relativeNext(body?._links?.next);
    // Confluence sometimes sends an empty page with a next link: followed a few times, then the
    // answer cannot be trusted to be complete, and the core keeps what it had.
    empty = results.length === 0 && path ? empty + 1 : 0;
    if (empty > MAX_EMPTY_PAGES)
      throw new ConnectorUnavailableError(
        `Confluence kept answering empty pages while listing ${kind}s. Lumen will try again later.`,
      );
  }
  return found;
}

/** Only a path under /wiki/ is followed: a next link never sends the credentials elsewhere. */
function relativeNext(next: string | undefined): string | null {
  return next && next.startsWith('/wiki/') ? next : null;
}
