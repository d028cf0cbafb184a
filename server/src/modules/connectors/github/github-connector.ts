import type { Connector, ConnectorContext, StepResult } from '../connector.js';
import { ConnectorConfigError } from '../tool-failures.js';
import {
  fetchRepo,
  get,
  graphqlUrlFor,
  repoGone,
  restUrl,
  type RepoInfo,
  toRepoInfo,
} from './github-api.js';
import { discussionIdsPage, discussionsPage, fetchDiscussion } from './github-discussions.js';
import { fetchFile, filesPage, markdownFiles, type TreeFile, fileId } from './github-files.js';
import type { PhasePage } from './github-items.js';
import { fetchIssue, issueIdsPage, issuesPage, issuesUrl } from './github-issues.js';

export interface GitHubSettings {
  /** REST API root: https://api.github.com, or https://ghe.example.com/api/v3 for Enterprise Server (the fake's URL in tests). */
  apiBase: string;
  /** owner/name of each repository to sync (at least one). */
  repos: string[];
  /** Resolved by validate: */
  graphqlUrl?: string; // https://api.github.com/graphql, or https://host/api/graphql for GHES (apiBase with /v3 replaced by /graphql); for other bases `${apiBase}/graphql`
  siteUrl?: string; // the web root, from a repository's html_url origin (https://github.com)
  account?: string; // login of GET /user
  repoInfo?: {
    fullName: string;
    defaultBranch: string;
    hasDiscussions: boolean;
    private: boolean;
  }[];
}

type Phase = 'issues' | 'discussions' | 'files';

export interface GitHubCheckpoint {
  /** Which of settings.repos. */
  repo: number;
  phase: Phase;
  /** The repository as read when the sync reached it (default branch, discussions on or off). */
  info?: RepoInfo;
  /** issues: the next page's URL (from the Link header); discussions: the GraphQL cursor. */
  next: string | null;
  /** files: the Markdown files of the tree still to look at. */
  files?: TreeFile[];
}

type Ctx = ConnectorContext<GitHubSettings>;

/**
 * GitHub (github.com or Enterprise Server) with a token: per repository, its issues and pull
 * requests (REST, one item each with its comments), its discussions (GraphQL) and the Markdown
 * files of its default branch (versioned by blob sha, so unchanged files are never downloaded
 * again). A first sync lists everything; later ones list what changed since the last good sync,
 * and deletions come from a complete id listing, run at most once per sweep interval.
 */
export const githubConnector: Connector<GitHubSettings, GitHubCheckpoint> = {
  kind: 'github',
  label: 'GitHub',
  maxInFlight: 2,

  async validate(ctx) {
    const apiBase = ctx.settings.apiBase.replace(/\/+$/, '');
    const settings: GitHubSettings = { ...ctx.settings, apiBase };
    const c = { ...ctx, settings };
    const { body: user } = await get<{ login?: string }>(c, restUrl(settings, '/user'));
    if (settings.repos.length === 0)
      throw new ConnectorConfigError('Name at least one GitHub repository (owner/name).');
    const answers = await Promise.all(
      settings.repos.map(async (fullName) => {
        const body = await fetchRepo(c, fullName);
        if (!body)
          throw new ConnectorConfigError(
            `GitHub has no repository "${fullName}", or this token cannot read it.`,
          );
        return { fullName, body };
      }),
    );
    const htmlUrl = answers.find((a) => a.body.html_url)?.body.html_url;
    return {
      ...settings,
      graphqlUrl: graphqlUrlFor(apiBase),
      siteUrl: htmlUrl ? new URL(htmlUrl).origin : 'https://github.com',
      account: user?.login,
      repoInfo: answers.map((a) => toRepoInfo(a.fullName, a.body)),
    };
  },

  listsEverything: (ctx) => ctx.since === null,
  // The `since` listings cannot show a deleted or transferred issue, discussion or file, and the
  // complete listing costs a request per 100 issues a repository: once per sweep interval.
  deletions: 'interval',

  async step(ctx, checkpoint) {
    const at = checkpoint ?? { repo: 0, phase: 'issues', next: null };
    const repo = ctx.settings.repos[at.repo];
    if (!repo) return { items: [], unchanged: [], failures: [], next: null };
    const info = at.info ?? (await readRepo(ctx, repo));
    let page: PhasePage<Partial<GitHubCheckpoint>>;
    if (at.phase === 'issues') {
      const result = await issuesPage(ctx, repo, at.next ?? issuesUrl(ctx, repo, ctx.since));
      page = { ...result, next: result.next ? { next: result.next } : null };
    } else if (at.phase === 'discussions') {
      const result = await discussionsPage(ctx, repo, at.next);
      page = { ...result, next: result.next ? { next: result.next } : null };
    } else {
      let files = at.files;
      let incomplete = false;
      if (!files) {
        const tree = await markdownFiles(ctx, repo, info.defaultBranch);
        files = tree.files;
        incomplete = !tree.complete;
      }
      const result = await filesPage(ctx, repo, info.defaultBranch, files);
      page = { ...result, next: result.next ? { files: result.next } : null, incomplete };
    }
    return {
      ...page,
      next: advance({ ...at, info }, page.next),
    } satisfies StepResult<GitHubCheckpoint>;
  },

  async fetchOne(ctx, externalId) {
    const ref = parseExternalId(externalId);
    // A repository no longer chosen is not this source's any more.
    if (!ref || !ctx.settings.repos.includes(ref.repo)) return null;
    if (ref.kind === 'issue') return fetchIssue(ctx, ref.repo, ref.key);
    if (ref.kind === 'discussion') return fetchDiscussion(ctx, ref.repo, ref.key);
    if (ref.kind === 'file') {
      const branch =
        ctx.settings.repoInfo?.find((r) => r.fullName.toLowerCase() === ref.repo.toLowerCase())
          ?.defaultBranch ?? (await readRepo(ctx, ref.repo)).defaultBranch;
      return fetchFile(ctx, ref.repo, branch, ref.key);
    }
    return null;
  },

  async listIds(ctx, cursor) {
    const at: GitHubCheckpoint = cursor
      ? (JSON.parse(cursor) as GitHubCheckpoint)
      : { repo: 0, phase: 'issues', next: null };
    const repo = ctx.settings.repos[at.repo];
    if (!repo) return { ids: [], next: null };
    const info = at.info ?? (await readRepo(ctx, repo));
    let ids: string[];
    let more: Partial<GitHubCheckpoint> | null = null;
    if (at.phase === 'issues') {
      const page = await issueIdsPage(ctx, repo, at.next ?? issuesUrl(ctx, repo, null));
      ids = page.ids;
      if (page.next) more = { next: page.next };
    } else if (at.phase === 'discussions') {
      const page = await discussionIdsPage(ctx, repo, at.next);
      ids = page.ids;
      if (page.next) more = { next: page.next };
    } else {
      const tree = await markdownFiles(ctx, repo, info.defaultBranch);
      ids = tree.files.map((f) => fileId(repo, f.path));
    }
    const next = advance({ ...at, info }, more);
    return { ids, next: next ? JSON.stringify(next) : null };
  },

  describe(settings) {
    const site = settings.siteUrl ?? 'https://github.com';
    return {
      site,
      keys: settings.repos,
      name: `GitHub · ${settings.repos.join(', ')}`,
      description: `Issues, pull requests, discussions and docs from ${new URL(site).host}`,
    };
  },
};

/** The same listing's next page, else the repository's next listing, else the next repository. */
function advance(
  at: GitHubCheckpoint,
  more: Partial<GitHubCheckpoint> | null,
): GitHubCheckpoint | null {
  if (more) return { ...at, ...more };
  const base = { repo: at.repo, info: at.info, next: null };
  if (at.phase === 'issues' && at.info?.hasDiscussions) return { ...base, phase: 'discussions' };
  if (at.phase !== 'files') return { ...base, phase: 'files' };
  return { repo: at.repo + 1, phase: 'issues', next: null };
}

/** Read at the start of each repository, so a renamed default branch or newly enabled discussions count. */
async function readRepo(ctx: Ctx, repo: string): Promise<RepoInfo> {
  const body = await fetchRepo(ctx, repo);
  if (!body) throw repoGone(repo);
  return toRepoInfo(repo, body);
}

/** `issue:o/r#12`, `discussion:o/r#3`, `file:o/r:docs/a.md`. */
export function parseExternalId(
  id: string,
): { kind: 'issue' | 'discussion' | 'file'; repo: string; key: string } | null {
  const numbered = /^(issue|discussion):([^/\s]+\/[^#\s]+)#(\d+)$/.exec(id);
  if (numbered)
    return { kind: numbered[1] as 'issue' | 'discussion', repo: numbered[2]!, key: numbered[3]! };
  const file = /^file:([^/:\s]+\/[^/:\s]+):(.+)$/.exec(id);
  if (file) return { kind: 'file', repo: file[1]!, key: file[2]! };
  return null;
}
