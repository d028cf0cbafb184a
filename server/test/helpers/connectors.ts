import { expect } from 'vitest';
import type { Account } from './accounts.js';
import type { FakeAtlassian } from './fake-atlassian.js';
import type { FakeGitHub } from './fake-github.js';
import type { FakeGoogle } from './fake-google.js';
import type { TestApp } from './test-app.js';

/** Loopback tools are allowed, and retries are quick. */
const LOOPBACK_TOOLS = {
  CONNECTORS_ALLOW_PRIVATE_HOSTS: 'true',
  CONNECTOR_RETRY_BASE_MS: '20',
  JOB_RETRY_BASE_SECONDS: '0',
};

/** Settings for an app whose GitHub is a loopback fake. */
export function githubEnv(fake: FakeGitHub, extra: Record<string, string> = {}) {
  return { ...LOOPBACK_TOOLS, GITHUB_API_URL: fake.url, ...extra };
}

/** Settings for an app whose Google (sign-in and Drive) is a loopback fake. */
export function googleEnv(fake: FakeGoogle, extra: Record<string, string> = {}) {
  return {
    ...LOOPBACK_TOOLS,
    GOOGLE_AUTH_URL: fake.authUrl,
    GOOGLE_TOKEN_URL: fake.tokenUrl,
    GOOGLE_API_URL: fake.url,
    GOOGLE_CLIENT_ID: fake.clientId,
    GOOGLE_CLIENT_SECRET: fake.clientSecret,
    ...extra,
  };
}

/** Settings for an app that talks to a loopback fake of Atlassian, with quick retries. */
export function connectorEnv(fake: FakeAtlassian, extra: Record<string, string> = {}) {
  return {
    ...LOOPBACK_TOOLS,
    ATLASSIAN_AUTH_URL: fake.url,
    ATLASSIAN_API_URL: fake.url,
    ATLASSIAN_CLIENT_ID: fake.clientId,
    ATLASSIAN_CLIENT_SECRET: fake.clientSecret,
    ...extra,
  };
}

export interface SourceRow {
  id: string;
  kind: string;
  status: string;
  sync_run: number;
  checkpoint: unknown;
  items_seen: number;
  items_indexed: number;
  items_failed: number;
  items_deleted: number;
  items_total: number | null;
  last_error: string | null;
  sealed_credentials: string | null;
}

export async function sourceRow(app: TestApp, id: string): Promise<SourceRow> {
  const [row] = await app.sql<SourceRow>(`SELECT * FROM sources WHERE id = $1`, [id]);
  return row!;
}

/**
 * Waits until the source has finished (done, failed or stopped for credentials) a sync
 * numbered above `afterRun`, and answers its row.
 */
export async function waitForSync(
  app: TestApp,
  id: string,
  afterRun: number,
  timeoutMs = 30_000,
): Promise<SourceRow> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const row = await sourceRow(app, id);
    if (row.sync_run > afterRun && row.checkpoint === null) return row;
    if (Date.now() > deadline)
      throw new Error(`Sync of ${id} did not finish: ${JSON.stringify(row)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Saves a tool's settings through the SPEC's REST door and waits for the first sync. */
export async function connect(
  app: TestApp,
  user: Account,
  name: 'confluence' | 'jira' | 'github',
  settings: { domain: string; username: string; password: string; spacekey: string },
): Promise<SourceRow> {
  const saved = await app.rest('POST', `/api/save-integration/${name}`, settings, {
    token: user.token,
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return waitForSync(app, saved.body.sourceId, 0);
}

export async function documentsOf(app: TestApp, sourceId: string) {
  return app.sql<{
    id: string;
    external_id: string;
    title: string;
    status: string;
    web_url: string;
    external_version: string | null;
    chunk_count: number;
    error: string | null;
  }>(`SELECT * FROM documents WHERE source_id = $1 ORDER BY external_id`, [sourceId]);
}

export async function ask(app: TestApp, user: Account, question: string, integrations?: string[]) {
  const res = await app.rest('POST', '/api/ask', { question, integrations }, { token: user.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.answer as {
    answer: string;
    sources: { title: string; url: string }[];
  };
}
