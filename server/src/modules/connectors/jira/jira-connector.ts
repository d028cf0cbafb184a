import type { Connector, ConnectorContext, ConnectorItem, ItemFailure } from '../connector.js';
import { ConnectorConfigError, ConnectorHttpError, mustStop } from '../tool-failures.js';
import { describeAtlassian } from '../site-url.js';
import { adfToText } from './adf-to-text.js';

/** A Jira Cloud site, reached with Basic auth (site URL) or OAuth (api.atlassian.com/ex/jira/…). */
export interface JiraSettings {
  /** API root: the site for an API token, `${ATLASSIAN_API_URL}/ex/jira/<cloudId>` for OAuth. */
  apiBase: string;
  /** Issues link to `${siteUrl}/browse/KEY-1`. */
  siteUrl: string;
  /** Project keys to sync; empty: every project the account can see. */
  projectKeys: string[];
  projects?: { id: string; key: string; name: string }[];
}

export interface JiraCheckpoint {
  jql: string;
  nextPageToken: string | null;
}

interface JiraUser {
  displayName?: string;
}

interface JiraComment {
  author?: JiraUser;
  body?: unknown;
  created?: string;
  /** Set when the comment is restricted to a group or a project role. */
  visibility?: { type?: string; value?: string; identifier?: string } | null;
}

interface JiraIssue {
  id: string;
  key: string;
  fields?: {
    summary?: string;
    description?: unknown;
    updated?: string;
    created?: string;
    project?: { key?: string; name?: string };
    status?: { name?: string };
    issuetype?: { name?: string };
    priority?: { name?: string };
    assignee?: JiraUser | null;
    reporter?: JiraUser | null;
    labels?: string[];
    comment?: { comments?: JiraComment[]; total?: number };
  };
}

interface SearchAnswer {
  issues?: JiraIssue[];
  nextPageToken?: string | null;
  isLast?: boolean;
}

const FIELDS = [
  'summary',
  'description',
  'comment',
  'updated',
  'created',
  'project',
  'status',
  'issuetype',
  'priority',
  'assignee',
  'reporter',
  'labels',
];
const PAGE_SIZE = 100;
/** Jira answers up to 5,000 issues a page when only ids are asked for. */
const ID_PAGE_SIZE = 5000;

const externalId = (issue: Pick<JiraIssue, 'id'>) => `issue:${issue.id}`;

/**
 * Jira Cloud REST v3 (`/rest/api/3/search/jql`; the old `/search` is gone): each step reads one
 * page of issues with their fields. A first sync reads every issue of the projects; later ones
 * only those updated since the last good sync (epoch milliseconds, unquoted, so the account's
 * time zone cannot shift the window), and deletions come from an id-only listing.
 */
export const jiraConnector: Connector<JiraSettings, JiraCheckpoint> = {
  kind: 'jira',
  label: 'Jira',

  async validate(ctx) {
    await ctx.http.get(apiUrl(ctx.settings, '/rest/api/3/myself'));
    const projects = await Promise.all(
      ctx.settings.projectKeys.map((key) => findProject(ctx, key)),
    );
    if (ctx.settings.projectKeys.length === 0 && (await allProjectKeys(ctx, 1)).length === 0)
      throw new ConnectorConfigError('This Jira account cannot see any project.');
    return { ...ctx.settings, projects: projects.length > 0 ? projects : undefined };
  },

  listsEverything: (ctx) => ctx.since === null,
  // `updated >= …` cannot show a deleted issue or one moved to another project, and the id
  // listing is cheap (5,000 ids a request): every incremental sync runs it.
  deletions: 'every-sync',

  async step(ctx, checkpoint) {
    const at = checkpoint ?? {
      jql:
        (await baseJql(ctx)) +
        (ctx.since ? ` AND updated >= ${ctx.since.getTime()}` : '') +
        ' ORDER BY key ASC',
      nextPageToken: null,
    };
    const page = await search(ctx, at.jql, FIELDS, PAGE_SIZE, at.nextPageToken);
    const issues = page.issues ?? [];
    const known = await ctx.knownVersions(issues.map(externalId));
    const items: ConnectorItem[] = [];
    const failures: ItemFailure[] = [];
    const unchanged: string[] = [];
    await Promise.all(
      issues.map(async (issue) => {
        if (known.get(externalId(issue)) === issue.fields?.updated)
          return unchanged.push(externalId(issue));
        try {
          items.push(await toItem(ctx, issue));
        } catch (error) {
          if (mustStop(error)) throw error;
          failures.push({
            externalId: externalId(issue),
            title: titleOf(issue),
            url: browseUrl(ctx.settings, issue.key),
            message: (error as Error).message,
            version: issue.fields?.updated,
          });
        }
      }),
    );
    const next =
      !page.isLast && page.nextPageToken ? { ...at, nextPageToken: page.nextPageToken } : null;
    return { items, unchanged, failures, next };
  },

  async fetchOne(ctx, id) {
    const match = /^issue:(\d+)$/.exec(id);
    if (!match) return null;
    const { status, body } = await ctx.http.get<JiraIssue>(
      apiUrl(ctx.settings, `/rest/api/3/issue/${match[1]}?fields=${FIELDS.join(',')}`),
      { allowNotFound: true },
    );
    if (status === 404 || !body) return null;
    return toItem(ctx, body);
  },

  describe: (settings) =>
    describeAtlassian('Jira', 'Issues and comments', settings, settings.projectKeys),

  async listIds(ctx, cursor) {
    const page = await search(
      ctx,
      `${await baseJql(ctx)} ORDER BY key ASC`,
      ['id'],
      ID_PAGE_SIZE,
      cursor,
    );
    return {
      ids: (page.issues ?? []).map(externalId),
      next: !page.isLast && page.nextPageToken ? page.nextPageToken : null,
    };
  },
};

async function search(
  ctx: ConnectorContext<JiraSettings>,
  jql: string,
  fields: string[],
  maxResults: number,
  nextPageToken: string | null,
): Promise<SearchAnswer> {
  try {
    const { body } = await ctx.http.post<SearchAnswer>(
      apiUrl(ctx.settings, '/rest/api/3/search/jql'),
      {
        jql,
        fields,
        maxResults,
        ...(nextPageToken ? { nextPageToken } : {}),
      },
    );
    return body ?? {};
  } catch (error) {
    // A 400 names a project that is gone, or a query Jira refuses: the settings need a look.
    if (error instanceof ConnectorHttpError && error.status === 400)
      throw new ConnectorConfigError(error.message);
    throw error;
  }
}

/** `project in (…)` for the chosen projects, or every project the account sees now. */
async function baseJql(ctx: ConnectorContext<JiraSettings>): Promise<string> {
  const keys =
    ctx.settings.projectKeys.length > 0 ? ctx.settings.projectKeys : await allProjectKeys(ctx);
  if (keys.length === 0)
    throw new ConnectorConfigError('This Jira account cannot see any project.');
  return `project in (${keys.map((k) => `"${k.replace(/["\\]/g, '')}"`).join(', ')})`;
}

async function findProject(ctx: ConnectorContext<JiraSettings>, key: string) {
  const { status, body } = await ctx.http.get<{ id: string; key: string; name: string }>(
    apiUrl(ctx.settings, `/rest/api/3/project/${encodeURIComponent(key)}`),
    { allowNotFound: true },
  );
  if (status === 404 || !body)
    throw new ConnectorConfigError(`Jira has no project "${key}", or this account cannot see it.`);
  return { id: String(body.id), key: body.key, name: body.name };
}

async function allProjectKeys(
  ctx: ConnectorContext<JiraSettings>,
  max = Infinity,
): Promise<string[]> {
  const keys: string[] = [];
  for (let startAt = 0; keys.length < max;) {
    const { body } = await ctx.http.get<{ values?: { key: string }[]; isLast?: boolean }>(
      apiUrl(ctx.settings, `/rest/api/3/project/search?startAt=${startAt}&maxResults=50`),
    );
    const values = body?.values ?? [];
    keys.push(...values.map((p) => p.key));
    if (body?.isLast !== false || values.length === 0) break;
    startAt += values.length;
  }
  return keys;
}

/**
 * The issue as text: a line of facts, the description, then every comment open to whoever reads
 * the issue. A comment restricted to a group or a project role is left out: the issue's readers
 * are more people than the comment's, and the index holds one access per issue.
 */
async function toItem(
  ctx: ConnectorContext<JiraSettings>,
  issue: JiraIssue,
): Promise<ConnectorItem> {
  const f = issue.fields ?? {};
  const facts = [
    f.project?.name && `Project: ${f.project.name}`,
    f.issuetype?.name && `Type: ${f.issuetype.name}`,
    f.status?.name && `Status: ${f.status.name}`,
    f.priority?.name && `Priority: ${f.priority.name}`,
    f.assignee?.displayName && `Assignee: ${f.assignee.displayName}`,
    f.reporter?.displayName && `Reporter: ${f.reporter.displayName}`,
    f.labels?.length && `Labels: ${f.labels.join(', ')}`,
  ].filter(Boolean);
  const comments = (await allComments(ctx, issue)).filter((c) => !c.visibility);
  const parts = [
    `${issue.key}: ${f.summary ?? ''}`.trim(),
    facts.join(' · '),
    adfToText(f.description),
    ...comments.map((c) => {
      const who = c.author?.displayName ?? 'Someone';
      const when = c.created ? ` (${c.created.slice(0, 10)})` : '';
      return `Comment by ${who}${when}: ${adfToText(c.body)}`;
    }),
  ].filter((p) => p && p.trim());
  return {
    externalId: externalId(issue),
    title: titleOf(issue),
    url: browseUrl(ctx.settings, issue.key),
    version: f.updated ?? '',
    updatedAt: f.updated ? new Date(f.updated) : null,
    itemType: 'jira/issue',
    sections: [{ text: parts.join('\n\n'), location: { kind: 'document', index: 1 } }],
  };
}

/** The search answer carries the first comments only; the rest are paged from the issue. */
async function allComments(
  ctx: ConnectorContext<JiraSettings>,
  issue: JiraIssue,
): Promise<JiraComment[]> {
  const inline = issue.fields?.comment?.comments ?? [];
  const total = issue.fields?.comment?.total ?? inline.length;
  if (total <= inline.length) return inline;
  const comments: JiraComment[] = [];
  while (comments.length < total) {
    const { body } = await ctx.http.get<{ comments?: JiraComment[] }>(
      apiUrl(
        ctx.settings,
        `/rest/api/3/issue/${encodeURIComponent(issue.key)}/comment?startAt=${comments.length}&maxResults=100`,
      ),
    );
    const page = body?.comments ?? [];
    if (page.length === 0) break;
    comments.push(...page);
  }
  return comments;
}

const titleOf = (issue: JiraIssue) => `${issue.key}: ${issue.fields?.summary ?? ''}`.trim();

function browseUrl(settings: JiraSettings, key: string): string {
  return `${settings.siteUrl}/browse/${encodeURIComponent(key)}`;
}

function apiUrl(settings: JiraSettings, path: string): string {
  return settings.apiBase + path;
}
