import type { Connector, ConnectorContext, ConnectorItem, ItemFailure } from '../connector.js';
import { ConnectorConfigError, mustStop } from '../tool-failures.js';
import { describeAtlassian } from '../site-url.js';
import { storageToText } from './storage-to-text.js';

/** A Confluence Cloud site, reached with Basic auth (site URL) or OAuth (api.atlassian.com/ex/confluence/…). */
export interface ConfluenceSettings {
  /** API root: the site for an API token, `${ATLASSIAN_API_URL}/ex/confluence/<cloudId>` for OAuth. */
  apiBase: string;
  /** The site as people open it: items link to `${siteUrl}/wiki${webui}`. */
  siteUrl: string;
  /** Space keys to sync; empty: every space the account can see. */
  spaceKeys: string[];
  /** The spaces found for those keys when the settings were checked (names for display). */
  spaces?: SpaceRef[];
}

interface SpaceRef {
  id: string;
  key: string;
  name: string;
}

type ContentKind = 'page' | 'blogpost';

export interface ConfluenceCheckpoint {
  spaces: SpaceRef[];
  /** Which space, and which of its listings (pages, then blog posts). */
  index: number;
  kind: ContentKind;
  /** The listing's next link (a path under /wiki/api/v2); null: its first page. */
  next: string | null;
  /** Empty pages in a row that still linked to a next one. */
  empty?: number;
}

interface ListedContent {
  id: string;
  title: string;
  status?: string;
  version?: { number?: number; createdAt?: string };
  body?: { storage?: { value?: string } };
  _links?: { webui?: string };
}

interface ListAnswer<T> {
  results?: T[];
  _links?: { next?: string };
}

/** Ids and versions per listing request (cheap: no bodies). */
const LIST_LIMIT = 250;
/** Empty pages with a next link followed in a row before the listing of a space is given up. */
const MAX_EMPTY_PAGES = 3;
/** Bodies per bulk request. */
const BODY_BATCH = 50;

const externalId = (kind: ContentKind, id: string) => `${kind}:${id}`;

function parseExternalId(value: string): { kind: ContentKind; id: string } | null {
  const match = /^(page|blogpost):(\d+)$/.exec(value);
  return match ? { kind: match[1] as ContentKind, id: match[2]! } : null;
}

/**
 * Confluence Cloud REST v2: each step lists up to 250 pages (or blog posts) of one space without
 * bodies, then fetches the bodies of new or changed ones in bulk (one at a time when a bulk
 * request fails, so one bad page fails alone). Every sync lists every item, so what it did not
 * list is gone.
 */
export const confluenceConnector: Connector<ConfluenceSettings, ConfluenceCheckpoint> = {
  kind: 'confluence',
  label: 'Confluence',

  async validate(ctx) {
    const { settings } = ctx;
    const spaces = await findSpaces(
      ctx,
      settings.spaceKeys,
      settings.spaceKeys.length > 0 ? 250 : 1,
    );
    const missing = settings.spaceKeys.filter((key) => !spaces.some((s) => s.key === key));
    if (missing.length > 0)
      throw new ConnectorConfigError(
        `Confluence has no space ${missing.map((k) => `"${k}"`).join(', ')}, or this account cannot see it. Check the space key (it is in the space's address: /wiki/spaces/KEY).`,
      );
    if (settings.spaceKeys.length === 0 && spaces.length === 0)
      throw new ConnectorConfigError('This Confluence account cannot see any space.');
    return { ...settings, spaces: settings.spaceKeys.length > 0 ? spaces : undefined };
  },

  listsEverything: () => true,

  async step(ctx, checkpoint) {
    const at = checkpoint ?? (await startListing(ctx));
    const space = at.spaces[at.index];
    if (!space) return { items: [], unchanged: [], failures: [], next: null };
    const path =
      at.next ?? `/wiki/api/v2/spaces/${space.id}/${at.kind}s?status=current&limit=${LIST_LIMIT}`;
    const { body } = await ctx.http.get<ListAnswer<ListedContent>>(apiUrl(ctx.settings, path));
    const listed = (body?.results ?? []).filter(
      (c) => c.status === undefined || c.status === 'current',
    );
    const ids = listed.map((c) => externalId(at.kind, c.id));
    const known = await ctx.knownVersions(ids);
    const changed = listed.filter((c) => known.get(externalId(at.kind, c.id)) !== versionOf(c));
    const fetched = await fetchBodies(ctx, at.kind, changed);
    const unchanged = listed
      .filter((c) => !changed.includes(c))
      .map((c) => externalId(at.kind, c.id));
    const nextLink = relativeNext(body?._links?.next);
    // Confluence sometimes sends an empty page with a next link. The link is followed a few
    // times, but the listing can no longer be trusted to be complete: nothing is pruned.
    const empty = (body?.results?.length ?? 0) === 0 && nextLink !== null;
    const streak = empty ? (at.empty ?? 0) + 1 : 0;
    const next = advance({ ...at, empty: streak }, streak > MAX_EMPTY_PAGES ? null : nextLink);
    return { ...fetched, unchanged, next, incomplete: empty };
  },

  async fetchOne(ctx, id) {
    const ref = parseExternalId(id);
    if (!ref) return null;
    const { status, body } = await ctx.http.get<ListedContent>(
      apiUrl(ctx.settings, `/wiki/api/v2/${ref.kind}s/${ref.id}?body-format=storage`),
      { allowNotFound: true },
    );
    if (status === 404 || !body) return null;
    return toItem(ctx.settings, ref.kind, body);
  },

  describe: (settings) =>
    describeAtlassian('Confluence', 'Pages and blog posts', settings, settings.spaceKeys),

  async listIds(ctx, cursor) {
    const result = await confluenceConnector.step(
      {
        ...ctx,
        since: null,
        cursor: null,
        knownVersions: async (ids) => new Map(ids.map((i) => [i, '*'])),
      },
      cursor ? (JSON.parse(cursor) as ConfluenceCheckpoint) : null,
    );
    return {
      ids: [...result.unchanged, ...result.items.map((i) => i.externalId)],
      next: result.next ? JSON.stringify(result.next) : null,
    };
  },
};

async function startListing(
  ctx: ConnectorContext<ConfluenceSettings>,
): Promise<ConfluenceCheckpoint> {
  const { spaceKeys } = ctx.settings;
  const spaces = await findSpaces(ctx, spaceKeys, 250, spaceKeys.length === 0);
  const missing = spaceKeys.filter((key) => !spaces.some((s) => s.key === key));
  if (missing.length > 0)
    throw new ConnectorConfigError(
      `Confluence space ${missing.map((k) => `"${k}"`).join(', ')} is gone or no longer visible to this account.`,
    );
  return {
    spaces: spaces.map(({ id, key, name }) => ({ id, key, name })),
    index: 0,
    kind: 'page',
    next: null,
  };
}

/** Spaces with these keys (all spaces when none are given and `all` is set). */
async function findSpaces(
  ctx: ConnectorContext<ConfluenceSettings>,
  keys: string[],
  limit: number,
  all = false,
): Promise<SpaceRef[]> {
  const spaces: SpaceRef[] = [];
  let path: string | null =
    `/wiki/api/v2/spaces?limit=${limit}&status=current` +
    (keys.length > 0 ? `&keys=${keys.map(encodeURIComponent).join(',')}` : '');
  while (path) {
    const { body }: { body: ListAnswer<SpaceRef> } = await ctx.http.get(apiUrl(ctx.settings, path));
    for (const s of body?.results ?? [])
      spaces.push({ id: String(s.id), key: s.key, name: s.name });
    path = all && (body?.results?.length ?? 0) > 0 ? relativeNext(body?._links?.next) : null;
  }
  return spaces;
}

/** Bodies of these items in bulk; a bulk request that fails is retried one item at a time. */
async function fetchBodies(
  ctx: ConnectorContext<ConfluenceSettings>,
  kind: ContentKind,
  listed: ListedContent[],
): Promise<{ items: ConnectorItem[]; failures: ItemFailure[] }> {
  const items: ConnectorItem[] = [];
  const failures: ItemFailure[] = [];
  const batches: ListedContent[][] = [];
  for (let i = 0; i < listed.length; i += BODY_BATCH) batches.push(listed.slice(i, i + BODY_BATCH));
  await Promise.all(
    batches.map(async (batch) => {
      try {
        const query = batch.map((c) => `id=${encodeURIComponent(c.id)}`).join('&');
        const { body } = await ctx.http.get<ListAnswer<ListedContent>>(
          apiUrl(
            ctx.settings,
            `/wiki/api/v2/${kind}s?${query}&body-format=storage&limit=${BODY_BATCH}`,
          ),
        );
        // An item missing from the answer was deleted since it was listed: it is pruned later.
        for (const c of body?.results ?? []) items.push(toItem(ctx.settings, kind, c));
      } catch (error) {
        if (mustStop(error)) throw error;
        await Promise.all(
          batch.map(async (c) => {
            const id = externalId(kind, c.id);
            try {
              const item = await confluenceConnector.fetchOne(ctx, id);
              if (item) items.push(item);
            } catch (e) {
              if (mustStop(e)) throw e;
              failures.push({
                externalId: id,
                title: c.title,
                url: webUrl(ctx.settings, c),
                message: (e as Error).message,
                version: versionOf(c),
              });
            }
          }),
        );
      }
    }),
  );
  return { items, failures };
}

function toItem(settings: ConfluenceSettings, kind: ContentKind, c: ListedContent): ConnectorItem {
  const text = storageToText(c.body?.storage?.value ?? '');
  return {
    externalId: externalId(kind, c.id),
    title: c.title || 'Untitled',
    url: webUrl(settings, c),
    version: versionOf(c),
    updatedAt: c.version?.createdAt ? new Date(c.version.createdAt) : null,
    itemType: `confluence/${kind}`,
    // An empty page is still findable by its title.
    sections: [{ text: text || c.title || 'Untitled', location: { kind: 'document', index: 1 } }],
  };
}

const versionOf = (c: ListedContent) => String(c.version?.number ?? c.version?.createdAt ?? '');

function webUrl(settings: ConfluenceSettings, c: ListedContent): string {
  const webui = c._links?.webui;
  if (webui && webui.startsWith('/')) return `${settings.siteUrl}/wiki${webui}`;
  return `${settings.siteUrl}/wiki/pages/viewpage.action?pageId=${encodeURIComponent(c.id)}`;
}

function advance(at: ConfluenceCheckpoint, nextLink: string | null): ConfluenceCheckpoint | null {
  if (nextLink) return { ...at, next: nextLink };
  if (at.kind === 'page') return { ...at, kind: 'blogpost', next: null, empty: 0 };
  if (at.index + 1 < at.spaces.length)
    return { ...at, index: at.index + 1, kind: 'page', next: null, empty: 0 };
  return null;
}

/** Only a path under /wiki/ is followed: a next link never sends the credentials elsewhere. */
function relativeNext(next: string | undefined): string | null {
  if (!next || !next.startsWith('/wiki/')) return null;
  return next;
}

function apiUrl(settings: ConfluenceSettings, path: string): string {
  return settings.apiBase + path;
}
