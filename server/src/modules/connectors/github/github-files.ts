import type { ConnectorContext, ConnectorItem, SyncContext } from '../connector.js';
import { ConnectorHttpError } from '../tool-failures.js';
import { get, type GitHubApiSettings, repoPath, restUrl } from './github-api.js';
import { collect, type PhasePage, textItem } from './github-items.js';
import { markdownToText } from './markdown-text.js';

type Ctx = ConnectorContext<GitHubApiSettings & { siteUrl?: string }>;

/** A Markdown file of the default branch's tree: its blob sha is its version. */
export interface TreeFile {
  path: string;
  sha: string;
}

interface TreeAnswer {
  truncated?: boolean;
  tree?: { path?: string; type?: string; sha?: string; size?: number }[];
}

interface ContentAnswer {
  type?: string;
  sha?: string;
  encoding?: string;
  content?: string;
}

const MARKDOWN = /\.(md|mdx|markdown)$/i;
/** Vendored and generated folders hold other projects' READMEs, not this team's docs. */
const VENDORED = /(^|\/)(node_modules|vendor|bower_components)\//;
const MAX_FILE_BYTES = 1024 * 1024;
/** The most Markdown files read from one repository. */
export const MAX_FILES = 2000;
/** Files looked at per step (only new or changed ones are downloaded). */
export const FILE_BATCH = 50;

export const fileId = (repo: string, path: string) => `file:${repo}:${path}`;

/**
 * The Markdown files of a branch, from one recursive tree call. `complete` is false when GitHub
 * truncated the tree (a huge repository): files past the cut are not listed, so none is pruned.
 */
export async function markdownFiles(
  ctx: Ctx,
  repo: string,
  branch: string,
): Promise<{ files: TreeFile[]; complete: boolean }> {
  let answer: { status: number; body: TreeAnswer };
  try {
    answer = await get<TreeAnswer>(
      ctx,
      restUrl(
        ctx.settings,
        `${repoPath(repo)}/git/trees/${encodeURIComponent(branch)}?recursive=1`,
      ),
      true,
    );
  } catch (error) {
    // 409: the repository is empty (no commits yet).
    if (error instanceof ConnectorHttpError && error.status === 409)
      return { files: [], complete: true };
    throw error;
  }
  // 404: the branch vanished between reading the repository and its tree: try again next sync.
  if (answer.status === 404) return { files: [], complete: false };
  const files = (answer.body?.tree ?? [])
    .filter(
      (e) =>
        e.type === 'blob' &&
        e.path &&
        e.sha &&
        MARKDOWN.test(e.path) &&
        !VENDORED.test(e.path) &&
        (e.size ?? 0) <= MAX_FILE_BYTES,
    )
    .slice(0, MAX_FILES)
    .map((e) => ({ path: e.path!, sha: e.sha! }));
  return { files, complete: !answer.body?.truncated };
}

/** One batch of files: the changed ones downloaded, the others only named. */
export async function filesPage(
  ctx: SyncContext<GitHubApiSettings & { siteUrl?: string }>,
  repo: string,
  branch: string,
  files: TreeFile[],
): Promise<PhasePage<TreeFile[]>> {
  const batch = files.slice(0, FILE_BATCH);
  const listed = batch.map((f) => ({
    externalId: fileId(repo, f.path),
    version: f.sha,
    title: fileTitle(repo, f.path),
    url: blobUrl(ctx.settings, repo, branch, f.path),
    path: f.path,
  }));
  const known = await ctx.knownVersions(listed.map((l) => l.externalId));
  const result = await collect(listed, known, (l) => fetchFile(ctx, repo, branch, l.path));
  const rest = files.slice(FILE_BATCH);
  return { ...result, next: rest.length > 0 ? rest : null };
}

/** A file's text at the branch; null when it is no longer there. */
export async function fetchFile(
  ctx: Ctx,
  repo: string,
  branch: string,
  path: string,
): Promise<ConnectorItem | null> {
  const { status, body } = await get<ContentAnswer>(
    ctx,
    restUrl(
      ctx.settings,
      `${repoPath(repo)}/contents/${encodePath(path)}?ref=${encodeURIComponent(branch)}`,
    ),
    true,
  );
  if (status === 404 || !body || body.type !== 'file') return null;
  if (body.encoding !== 'base64' || typeof body.content !== 'string')
    throw new Error('GitHub did not send this file’s content (it may be too large).');
  const text = Buffer.from(body.content, 'base64').toString('utf8');
  return textItem(
    {
      externalId: fileId(repo, path),
      title: fileTitle(repo, path),
      url: blobUrl(ctx.settings, repo, branch, path),
      version: body.sha ?? '',
      updatedAt: null,
      itemType: 'github/markdown',
    },
    [markdownToText(text)],
  );
}

const fileTitle = (repo: string, path: string) => `${repo}: ${path}`;

function blobUrl(settings: { siteUrl?: string }, repo: string, branch: string, path: string) {
  const site = (settings.siteUrl ?? 'https://github.com').replace(/\/+$/, '');
  return `${site}/${repo}/blob/${encodePath(branch)}/${encodePath(path)}`;
}

const encodePath = (path: string) => path.split('/').map(encodeURIComponent).join('/');
