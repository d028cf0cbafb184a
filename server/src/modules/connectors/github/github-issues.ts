import type { ConnectorContext, ConnectorItem, SyncContext } from '../connector.js';
import { ConnectorHttpError } from '../tool-failures.js';
import {
  get,
  type GitHubApiSettings,
  isGone,
  listPage,
  repoGone,
  repoPath,
  restUrl,
} from './github-api.js';
import { collect, day, factsLine, type PhasePage, textItem } from './github-items.js';
import { markdownToText } from './markdown-text.js';

type Ctx = ConnectorContext<GitHubApiSettings>;

interface GhUser {
  login?: string;
}

export interface GhIssue {
  number: number;
  title?: string;
  body?: string | null;
  state?: string;
  html_url?: string;
  user?: GhUser | null;
  labels?: ({ name?: string } | string)[];
  /** How many comments it has. */
  comments?: number;
  updated_at?: string;
  pull_request?: { merged_at?: string | null };
}

interface GhComment {
  body?: string | null;
  user?: GhUser | null;
  created_at?: string;
}

/** A long thread is read up to this many pages of 100 comments. */
const MAX_COMMENT_PAGES = 30;

export const issueId = (repo: string, n: number | string) => `issue:${repo}#${n}`;

/**
 * Every issue and pull request (the issues listing holds both), oldest created first: page
 * numbers in the Link header stay stable while the listing is read, as they would not in
 * updated order (an item edited meanwhile moves, and the next page would skip one). `since`
 * still filters on update time.
 */
export function issuesUrl(ctx: Ctx, repo: string, since: Date | null): string {
  const query = 'state=all&per_page=100&sort=created&direction=asc';
  const after = since ? `&since=${encodeURIComponent(isoSeconds(since))}` : '';
  return restUrl(ctx.settings, `${repoPath(repo)}/issues?${query}${after}`);
}

export async function issuesPage(
  ctx: SyncContext<GitHubApiSettings>,
  repo: string,
  url: string,
): Promise<PhasePage<string>> {
  const page = await issuesListing(ctx, repo, url);
  const listed = page.items.map((issue) => ({
    issue,
    externalId: issueId(repo, issue.number),
    version: issue.updated_at ?? '',
    title: issueTitle(issue),
    url: issue.html_url,
  }));
  const known = await ctx.knownVersions(listed.map((l) => l.externalId));
  const result = await collect(listed, known, (l) => issueItem(ctx, repo, l.issue));
  return { ...result, next: page.next };
}

/** Issue numbers only, for the complete listing. */
export async function issueIdsPage(ctx: Ctx, repo: string, url: string) {
  const page = await issuesListing(ctx, repo, url);
  return { ids: page.items.map((i) => issueId(repo, i.number)), next: page.next };
}

/** 404: the repository is gone; 410: its issues are turned off (then it has none to index). */
async function issuesListing(ctx: Ctx, repo: string, url: string) {
  try {
    const page = await listPage<GhIssue>(ctx, url);
    if (!page) throw repoGone(repo);
    return page;
  } catch (error) {
    if (error instanceof ConnectorHttpError && error.status === 410)
      return { items: [], next: null };
    throw error;
  }
}

export async function fetchIssue(ctx: Ctx, repo: string, n: string): Promise<ConnectorItem | null> {
  try {
    const { status, body } = await get<GhIssue>(
      ctx,
      restUrl(ctx.settings, `${repoPath(repo)}/issues/${encodeURIComponent(n)}`),
      true,
    );
    if (status === 404 || !body) return null;
    return await issueItem(ctx, repo, body);
  } catch (error) {
    if (isGone(error)) return null;
    throw error;
  }
}

/** The issue as text: a line of facts, the body, then every comment (read only when there are some). */
async function issueItem(ctx: Ctx, repo: string, issue: GhIssue): Promise<ConnectorItem> {
  const comments = issue.comments ? await allComments(ctx, repo, issue.number) : [];
  const pull = Boolean(issue.pull_request);
  const labels = (issue.labels ?? [])
    .map((l) => (typeof l === 'string' ? l : l.name))
    .filter(Boolean);
  const state = issue.pull_request?.merged_at ? 'merged' : issue.state;
  return textItem(
    {
      externalId: issueId(repo, issue.number),
      title: issueTitle(issue),
      url: issue.html_url ?? '',
      version: issue.updated_at ?? '',
      updatedAt: issue.updated_at ? new Date(issue.updated_at) : null,
      itemType: pull ? 'github/pull' : 'github/issue',
    },
    [
      issueTitle(issue),
      factsLine([
        `Repository: ${repo}`,
        pull ? 'Pull request' : 'Issue',
        state && `State: ${state}`,
        issue.user?.login && `Author: ${issue.user.login}`,
        labels.length > 0 && `Labels: ${labels.join(', ')}`,
      ]),
      markdownToText(issue.body),
      ...comments.map(
        (c) =>
          `Comment by ${c.user?.login ?? 'someone'}${day(c.created_at)}: ${markdownToText(c.body)}`,
      ),
    ],
  );
}

async function allComments(ctx: Ctx, repo: string, n: number): Promise<GhComment[]> {
  const comments: GhComment[] = [];
  let url: string | null = restUrl(
    ctx.settings,
    `${repoPath(repo)}/issues/${n}/comments?per_page=100`,
  );
  for (let pages = 0; url && pages < MAX_COMMENT_PAGES; pages++) {
    const page: Awaited<ReturnType<typeof listPage<GhComment>>> = await listPage<GhComment>(
      ctx,
      url,
    );
    if (!page) break;
    comments.push(...page.items);
    url = page.next;
  }
  return comments;
}

const issueTitle = (issue: GhIssue) => `#${issue.number} ${issue.title ?? ''}`.trim();

/** GitHub's own timestamp form: 2024-05-01T10:00:00Z. */
const isoSeconds = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');
