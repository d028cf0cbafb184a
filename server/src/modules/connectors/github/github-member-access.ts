import type { ConnectorContext } from '../connector.js';
import { ConnectorConfigError } from '../tool-failures.js';
import type { MemberAccessReader } from '../permissions/permission-reader.js';
import { get, isGone, repoPath, restUrl } from './github-api.js';
import { parseExternalId, type GitHubSettings } from './github-connector.js';

/**
 * Which of a source's GitHub items (`issue:o/r#12`, `discussion:o/r#3`, `file:o/r:docs/a.md`)
 * one member may open, asked with the member's own token. Everything in a repository shares its
 * access, so the question is per repository: GET /repos/{owner}/{repo} as the member answers 200
 * when they may read it, and 404 when they may not (GitHub hides a repository from who cannot
 * see it) or 403 (their organization's SSO or IP rules, or a token that may not reach it); a
 * repository moved away (301) or gone (410) is not readable under the name the source syncs.
 * Cost per member: one request per distinct repository among the ids, whatever their number.
 * Token: a classic token or OAuth app with the `repo` scope (public repositories need none), or
 * a fine-grained token with Metadata read on the repositories.
 *
 * Items are not checked one by one: a deleted issue or file leaves with the sync. Ids of a
 * repository the source no longer syncs are not readable: they are not this source's any more.
 */
export const githubMemberAccess: MemberAccessReader<GitHubSettings> = {
  async readableItems(ctx, externalIds) {
    const readable = new Set<string>();
    await Promise.all(
      [...idsByRepo(ctx.settings, externalIds)].map(async ([repo, ids]) => {
        if (await memberReads(ctx, repo)) for (const id of ids) readable.add(id);
      }),
    );
    return readable;
  },
};

/** The ids per chosen repository, under the settings' spelling of its name. */
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

/** Whether the member's token may read the repository now. */
async function memberReads(ctx: ConnectorContext<GitHubSettings>, repo: string): Promise<boolean> {
  try {
    const { status } = await get(ctx, restUrl(ctx.settings, repoPath(repo)), true);
    return status !== 404;
  } catch (error) {
    // ConnectorHttp answers a 403 that is not a rate limit with ConnectorConfigError.
    if (error instanceof ConnectorConfigError || isGone(error)) return false;
    throw error;
  }
}
