import type { ConnectorContext } from '../connector.js';
import { ConnectorConfigError } from '../tool-failures.js';
import {
  type ItemAccess,
  type PermissionReader,
  PermissionsUnreadableError,
} from '../permissions/permission-reader.js';
import { get, type RepoAnswer, repoPath, restUrl, splitRepo } from './github-api.js';
import { type GitHubSettings, parseExternalId } from './github-connector.js';
import { linkTarget, trustedNext } from './link-header.js';

type Ctx = ConnectorContext<GitHubSettings>;

interface RepoVisibility extends RepoAnswer {
  /** public, private or internal (GHES and Enterprise Cloud); absent on very old servers. */
  visibility?: string;
  owner?: { login?: string };
}

interface Account {
  id: number;
}

/** `group:org:<login>`: every member of an organization (who may read its internal repositories). */
const ORG_GROUP = 'org:';

/**
 * Who may read a GitHub item: everything in a repository shares the repository's access.
 * Public: everyone. Private: its collaborators with affiliation=all, which GitHub computes from
 * direct grants, teams (child teams included), the organization's base permission and its
 * owners, so no team is expanded here. Internal: the organization's members, plus its outside
 * collaborators. Items are not checked one by one: a deleted issue or file leaves with the sync.
 */
export const githubPermissions: PermissionReader<GitHubSettings> = {
  async itemAccess(ctx, externalIds) {
    const access = new Map<string, ItemAccess>();
    await Promise.all(
      [...idsByRepo(ctx.settings, externalIds)].map(async ([repo, ids]) => {
        const repoAccess = await readRepoAccess(ctx, repo);
        if (repoAccess) for (const id of ids) access.set(id, repoAccess);
      }),
    );
    return access;
  },

  async groupMembers(ctx, groupIds) {
    const members = new Map<string, string[]>();
    await Promise.all(
      [...new Set(groupIds)].map(async (groupId) => {
        // Organizations do not nest; a group id of another shape is not one this reader made.
        const org = groupId.startsWith(ORG_GROUP) ? groupId.slice(ORG_GROUP.length) : null;
        members.set(groupId, org ? await orgMembers(ctx, org) : []);
      }),
    );
    return members;
  },
};

/**
 * The ids per repository, under the settings' spelling of its name. Ids of a repository no
 * longer chosen are left out, as fetchOne treats them: they are not this source's any more.
 */
function idsByRepo(settings: GitHubSettings, externalIds: string[]): Map<string, string[]> {
  const chosen = new Map(settings.repos.map((r) => [r.toLowerCase(), r]));
  const byRepo = new Map<string, string[]>();
  for (const id of new Set(externalIds)) {
    const repo = chosen.get(parseExternalId(id)?.repo.toLowerCase() ?? '');
    if (!repo) continue;
    const list = byRepo.get(repo) ?? [];
    byRepo.set(repo, list);
    list.push(id);
  }
  return byRepo;
}

/** The access of everything in the repository; null when it is gone or hidden from the token. */
async function readRepoAccess(ctx: Ctx, repo: string): Promise<ItemAccess | null> {
  const { status, body } = await get<RepoVisibility>(
    ctx,
    restUrl(ctx.settings, repoPath(repo)),
    true,
  );
  if (status === 404 || !body) return null;
  // Without `visibility`, only an explicit private: false is public; anything unknown reads as
  // private, the narrowest.
  const visibility = body.visibility ?? (body.private === false ? 'public' : 'private');
  if (visibility === 'public') return [['everyone']];
  if (visibility === 'internal') {
    const outside = await collaborators(ctx, repo, 'outside');
    if (!outside) return null;
    const org = (body.owner?.login ?? splitRepo(repo).owner).toLowerCase();
    return [[`group:${ORG_GROUP}${org}`, ...outside]];
  }
  const all = await collaborators(ctx, repo, 'all');
  return all && [all];
}

/** The repository's collaborators as `user:<id>`; null when the repository is gone meanwhile. */
async function collaborators(
  ctx: Ctx,
  repo: string,
  affiliation: 'all' | 'outside',
): Promise<string[] | null> {
  const url = restUrl(
    ctx.settings,
    `${repoPath(repo)}/collaborators?affiliation=${affiliation}&per_page=100`,
  );
  const list = await listAll<Account>(
    ctx,
    url,
    `The GitHub account Lumen connects with needs push (write), maintain or admin access to ${repo} to read who can see it (a classic token also needs the repo and read:org scopes).`,
  );
  return list && list.map((c) => `user:${c.id}`);
}

/** The organization's members (concealed ones too: the account is a member); [] when it is gone. */
async function orgMembers(ctx: Ctx, org: string): Promise<string[]> {
  const url = restUrl(ctx.settings, `/orgs/${encodeURIComponent(org)}/members?per_page=100`);
  const list = await listAll<Account>(
    ctx,
    url,
    `The GitHub account Lumen connects with must be a member of the ${org} organization, with the read:org scope (fine-grained token: organization Members read), to read who can see its internal repositories.`,
  );
  return (list ?? []).map((m) => `user:${m.id}`);
}

/**
 * Every page of a permissions listing, following Link headers; null when it answers 404. A 403
 * (rate limits are waited out by ConnectorHttp before this) means the account may not read it.
 */
async function listAll<T>(ctx: Ctx, url: string, refused: string): Promise<T[] | null> {
  const all: T[] = [];
  for (let next: string | null = url; next;) {
    const { status, body, headers } = await getOrRefuse<T[]>(ctx, next, refused);
    if (status === 404) return null;
    if (Array.isArray(body)) all.push(...body);
    next = nextPage(ctx, headers.get('link'));
  }
  return all;
}

async function getOrRefuse<T>(ctx: Ctx, url: string, refused: string) {
  try {
    return await get<T>(ctx, url, true);
  } catch (error) {
    // ConnectorHttp answers a 403 that is not a rate limit with ConnectorConfigError.
    if (error instanceof ConnectorConfigError) throw new PermissionsUnreadableError(refused);
    throw error;
  }
}

/** The next page's URL, only under the API root: a next link must never carry the token away. */
function nextPage(ctx: Ctx, link: string | null): string | null {
  const target = linkTarget(link, 'next');
  if (!target) return null;
  const next = trustedNext(target, ctx.settings.apiBase);
  if (!next)
    throw new ConnectorConfigError(
      `GitHub sent a next-page link outside ${ctx.settings.apiBase}; Lumen does not follow it. Check the API address.`,
    );
  return next;
}
