import { RetryLaterError } from '../../../jobs/job-queue.js';
import type { ConnectorContext } from '../connector.js';
import { ConnectorConfigError, ConnectorHttpError } from '../tool-failures.js';
import { retryAfterMs } from '../connector-http.js';
import { linkTarget, trustedNext } from './link-header.js';

/** What the connector needs of its settings here (kept apart to avoid an import cycle). */
export interface GitHubApiSettings {
  apiBase: string;
  graphqlUrl?: string;
}

type Ctx = ConnectorContext<GitHubApiSettings>;

/** Sent with every REST call: GitHub's media type and the API version the shapes follow. */
export const GITHUB_HEADERS = {
  accept: 'application/vnd.github+json',
  'x-github-api-version': '2022-11-28',
};

export interface RepoInfo {
  fullName: string;
  defaultBranch: string;
  hasDiscussions: boolean;
  private: boolean;
}

export interface RepoAnswer {
  full_name: string;
  default_branch?: string;
  has_discussions?: boolean;
  private?: boolean;
  html_url?: string;
}

/** `owner/name` split; the names as given (GitHub matches them case-insensitively). */
export function splitRepo(fullName: string): { owner: string; name: string } {
  const [owner = '', name = ''] = fullName.split('/');
  return { owner, name };
}

/** `/repos/{owner}/{name}` with each part escaped. */
export function repoPath(fullName: string): string {
  const { owner, name } = splitRepo(fullName);
  return `/repos/${encodeURIComponent(owner)}/${encodeURIComponent(name)}`;
}

export function restUrl(settings: GitHubApiSettings, path: string): string {
  return settings.apiBase.replace(/\/+$/, '') + path;
}

/** github.com's GraphQL endpoint, or GHES's /api/graphql next to its /api/v3. */
export function graphqlUrlFor(apiBase: string): string {
  const base = apiBase.replace(/\/+$/, '');
  if (/\/api\/v3$/.test(base)) return base.replace(/\/v3$/, '/graphql');
  return `${base}/graphql`;
}

export function get<T>(ctx: Ctx, url: string, allowNotFound = false) {
  return ctx.http.get<T>(url, { allowNotFound, headers: GITHUB_HEADERS });
}

/** The repository as the token sees it now; null when it is gone or hidden from the token. */
export async function fetchRepo(ctx: Ctx, fullName: string): Promise<RepoAnswer | null> {
  const { status, body } = await get<RepoAnswer>(
    ctx,
    restUrl(ctx.settings, repoPath(fullName)),
    true,
  );
  return status === 404 || !body ? null : body;
}

export function toRepoInfo(fullName: string, body: RepoAnswer): RepoInfo {
  return {
    fullName: body.full_name ?? fullName,
    defaultBranch: body.default_branch || 'main',
    hasDiscussions: Boolean(body.has_discussions),
    private: Boolean(body.private),
  };
}

export function repoGone(fullName: string): ConnectorConfigError {
  return new ConnectorConfigError(
    `GitHub repository "${fullName}" is gone, or this token can no longer read it.`,
  );
}

/**
 * One page of a REST listing and the next page's URL from the Link header (GitHub pages by
 * Link, never by guessed page numbers). null when the listing answered 404.
 */
export async function listPage<T>(
  ctx: Ctx,
  url: string,
): Promise<{ items: T[]; next: string | null } | null> {
  const { status, body, headers } = await get<T[]>(ctx, url, true);
  if (status === 404) return null;
  const link = linkTarget(headers.get('link'), 'next');
  const next = link ? trustedNext(link, ctx.settings.apiBase) : null;
  if (link && !next)
    throw new ConnectorConfigError(
      `GitHub sent a next-page link outside ${ctx.settings.apiBase}; Lumen does not follow it. Check the API address.`,
    );
  return { items: Array.isArray(body) ? body : [], next };
}

export interface GraphQLError {
  type?: string;
  message?: string;
  path?: (string | number)[];
}

/**
 * A GraphQL query. Errors come in a 200 body: RATE_LIMITED waits like a REST rate limit (the
 * job is rescheduled); the others are returned with whatever data came along.
 */
export async function graphql<T>(
  ctx: Ctx,
  query: string,
  variables: Record<string, unknown>,
): Promise<{ data: T | null; errors: GraphQLError[] }> {
  const url = ctx.settings.graphqlUrl ?? graphqlUrlFor(ctx.settings.apiBase);
  const { body, headers } = await ctx.http.post<{ data?: T | null; errors?: GraphQLError[] }>(
    url,
    { query, variables },
    { headers: GITHUB_HEADERS },
  );
  const errors = Array.isArray(body?.errors) ? body.errors : [];
  if (errors.some((e) => e.type === 'RATE_LIMITED')) {
    // GraphQL's budget is separate from REST's; its reset time comes in the same headers.
    const wait = retryAfterMs(headers) ?? 60_000;
    throw new RetryLaterError(
      Math.max(wait, 1000),
      'GitHub asked to slow down (GraphQL rate limit); continuing later.',
    );
  }
  return { data: body?.data ?? null, errors };
}

export function graphqlMessage(errors: GraphQLError[]): string {
  const text = errors
    .map((e) => e.message)
    .filter(Boolean)
    .join(' ')
    .slice(0, 300);
  return `GitHub's GraphQL API answered an error${text ? `: ${text}` : ''}`;
}

/** 410 Gone (a deleted issue) and 301 (a transferred one) mean the item is no longer here. */
export function isGone(error: unknown): boolean {
  return error instanceof ConnectorHttpError && (error.status === 410 || error.status === 301);
}
