import type { ConnectorContext, ConnectorItem, SyncContext } from '../connector.js';
import { ConnectorHttpError } from '../tool-failures.js';
import { type GitHubApiSettings, graphql, graphqlMessage, splitRepo } from './github-api.js';
import { collect, day, factsLine, type PhasePage, textItem } from './github-items.js';
import { markdownToText } from './markdown-text.js';

type Ctx = ConnectorContext<GitHubApiSettings>;

interface Discussion {
  id: string;
  number: number;
  title?: string;
  url?: string;
  body?: string | null;
  updatedAt?: string;
  author?: { login?: string } | null;
  category?: { name?: string } | null;
  comments?: {
    nodes?: { body?: string | null; author?: { login?: string } | null; createdAt?: string }[];
  };
}

interface Connection<T> {
  nodes?: T[];
  pageInfo?: { hasNextPage?: boolean; endCursor?: string | null };
}

// Discussions exist only in GraphQL. Newest first, so an incremental sync stops at `since`.
const FIELDS = `id number title url body updatedAt author { login } category { name }
  comments(first: 50) { nodes { body author { login } createdAt } }`;

const LIST_QUERY = `query($owner: String!, $name: String!, $after: String) {
  repository(owner: $owner, name: $name) {
    discussions(first: 50, after: $after, orderBy: { field: UPDATED_AT, direction: DESC }) {
      nodes { ${FIELDS} }
      pageInfo { hasNextPage endCursor }
    }
  }
}`;

const IDS_QUERY = `query($owner: String!, $name: String!, $after: String) {
  repository(owner: $owner, name: $name) {
    discussions(first: 100, after: $after) { nodes { number } pageInfo { hasNextPage endCursor } }
  }
}`;

const ONE_QUERY = `query($owner: String!, $name: String!, $number: Int!) {
  repository(owner: $owner, name: $name) { discussion(number: $number) { ${FIELDS} } }
}`;

export const discussionId = (repo: string, n: number | string) => `discussion:${repo}#${n}`;
/** Stands for a repository's discussions when their listing failed (shown as a failed item). */
export const discussionsListingId = (repo: string) => `discussions:${repo}`;

type ListAnswer = { repository?: { discussions?: Connection<Discussion> } | null };

export async function discussionsPage(
  ctx: SyncContext<GitHubApiSettings>,
  repo: string,
  after: string | null,
): Promise<PhasePage<string>> {
  const { data, errors } = await graphql<ListAnswer>(ctx, LIST_QUERY, {
    ...splitRepo(repo),
    after,
  });
  const connection = data?.repository?.discussions;
  // A listing that failed (no Discussions permission, say) is reported, and nothing is pruned.
  const failures =
    errors.length > 0
      ? [
          {
            externalId: discussionsListingId(repo),
            title: `Discussions of ${repo}`,
            message: graphqlMessage(errors),
          },
        ]
      : [];
  const since = ctx.since?.getTime() ?? null;
  const nodes = connection?.nodes ?? [];
  const recent = nodes.filter(
    (d) => since === null || !d.updatedAt || Date.parse(d.updatedAt) >= since,
  );
  const listed = recent.map((d) => ({
    d,
    externalId: discussionId(repo, d.number),
    version: d.updatedAt ?? '',
    title: discussionTitle(d),
    url: d.url,
  }));
  const known = await ctx.knownVersions(listed.map((l) => l.externalId));
  const result = await collect(listed, known, async (l) => discussionItem(repo, l.d));
  const info = connection?.pageInfo;
  const more = recent.length === nodes.length && info?.hasNextPage ? info.endCursor : null;
  return {
    items: result.items,
    unchanged: result.unchanged,
    failures: [...result.failures, ...failures],
    next: more || null,
    incomplete: errors.length > 0,
  };
}

export async function discussionIdsPage(ctx: Ctx, repo: string, after: string | null) {
  const { data, errors } = await graphql<ListAnswer>(ctx, IDS_QUERY, { ...splitRepo(repo), after });
  const connection = data?.repository?.discussions;
  // The complete listing cannot be partial: failing the step keeps anything from being pruned.
  if (errors.length > 0 || !connection) throw new ConnectorHttpError(200, graphqlMessage(errors));
  const info = connection.pageInfo;
  return {
    ids: (connection.nodes ?? []).map((d) => discussionId(repo, d.number)),
    next: info?.hasNextPage && info.endCursor ? info.endCursor : null,
  };
}

export async function fetchDiscussion(
  ctx: Ctx,
  repo: string,
  n: string,
): Promise<ConnectorItem | null> {
  const { data, errors } = await graphql<{
    repository?: { discussion?: Discussion | null } | null;
  }>(ctx, ONE_QUERY, { ...splitRepo(repo), number: Number(n) });
  const discussion = data?.repository?.discussion;
  if (discussion) return discussionItem(repo, discussion);
  if (errors.length === 0 || errors.every((e) => e.type === 'NOT_FOUND')) return null;
  throw new ConnectorHttpError(200, graphqlMessage(errors));
}

function discussionItem(repo: string, d: Discussion): ConnectorItem {
  return textItem(
    {
      externalId: discussionId(repo, d.number),
      title: discussionTitle(d),
      url: d.url ?? '',
      version: d.updatedAt ?? '',
      updatedAt: d.updatedAt ? new Date(d.updatedAt) : null,
      itemType: 'github/discussion',
    },
    [
      discussionTitle(d),
      factsLine([
        `Repository: ${repo}`,
        'Discussion',
        d.category?.name && `Category: ${d.category.name}`,
        d.author?.login && `Author: ${d.author.login}`,
      ]),
      markdownToText(d.body),
      ...(d.comments?.nodes ?? []).map(
        (c) =>
          `Comment by ${c.author?.login ?? 'someone'}${day(c.createdAt)}: ${markdownToText(c.body)}`,
      ),
    ],
  );
}

const discussionTitle = (d: Discussion) => `#${d.number} ${d.title ?? ''}`.trim();
