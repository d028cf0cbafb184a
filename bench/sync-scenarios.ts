/**
 * The tools bench:sync runs against: each a loopback fake holding `items` items, how to connect
 * Lumen to it through the product's own calls, and how to change 1 % of it for the resync.
 */
import { startFakeAtlassian } from '../server/test/helpers/fake-atlassian.js';
import { startFakeGitHub } from '../server/test/helpers/fake-github.js';
import { GOOGLE_MIME, startFakeGoogle } from '../server/test/helpers/fake-google.js';

export type Call = (method: string, url: string, body?: unknown, token?: string) => Promise<any>;

export interface Scenario {
  /** "Confluence", "GitHub", "Google Drive". */
  label: string;
  /** What an item is ("pages", "issues and docs", "documents"). */
  unit: string;
  /** The app's environment to reach the fake. */
  env: Record<string, string>;
  /** Connects through the product's calls; answers the source id. */
  connect(call: Call, token: string): Promise<string>;
  /** Changes `count` items in the tool. */
  edit(count: number): void;
  /** Asks the product for a sync now. */
  resync(call: Call, token: string): Promise<void>;
  /** Changes one item's permissions in the tool (the permission sync must notice). */
  changeAccess(): void;
  requests(): number;
  /** `GET /path` of each request from the `from`-th on (ids and numbers as `…`), to show where they went. */
  requestsFrom(from: number): string[];
  maxInFlight(): number;
  close(): Promise<void>;
}

/** `GET /drive/v3/files/…`: a request's method and path, ids and numbers folded. */
const shape = (r: { method: string; path: string }) =>
  `${r.method} ${r.path.replace(/\/(?=[^/]*\d)[\w.-]{6,}|\/\d+(?=\/|$)/g, '/…')}`;

const WORDS =
  'deploy rollback incident pager escalation runbook service latency database cache queue release customer policy travel budget review security access vendor'.split(
    ' ',
  );
let seed = 7;
const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const sentence = () =>
  Array.from(
    { length: 8 + Math.floor(random() * 20) },
    () => WORDS[Math.floor(random() * WORDS.length)],
  ).join(' ') + '.';
/** 1–8 KB of prose in a few sections. */
const prose = (n: number, heading: (s: number) => string) =>
  Array.from(
    { length: 1 + Math.floor(random() * 6) },
    (_, s) =>
      `${heading(s)}\n${Array.from({ length: 3 + Math.floor(random() * 6) }, sentence).join(' ')} (item ${n})`,
  ).join('\n\n');

/** A Confluence page of 1–8 KB of storage XHTML: headings, paragraphs, a table and a code macro. */
function storagePage(n: number): string {
  const parts = [`<h1>Runbook ${n}</h1>`];
  const sections = 1 + Math.floor(random() * 6);
  for (let s = 0; s < sections; s++) {
    parts.push(`<h2>Step ${s + 1}</h2>`);
    parts.push(
      `<p>${Array.from({ length: 3 + Math.floor(random() * 6) }, sentence).join(' ')}</p>`,
    );
  }
  parts.push(
    `<table><tr><th>Env</th><th>Owner</th></tr><tr><td>prod</td><td>team ${n % 17}</td></tr></table>`,
  );
  parts.push(
    `<ac:structured-macro ac:name="code"><ac:plain-text-body><![CDATA[svc-${n} restart --graceful && echo ok]]></ac:plain-text-body></ac:structured-macro>`,
  );
  return parts.join('');
}

export async function confluence(items: number, latencyMs: number): Promise<Scenario> {
  const fake = await startFakeAtlassian({ latencyMs });
  fake.addApiToken('bench@example.com', 'bench-token');
  fake.addSpace({ key: 'BENCH' });
  const ids = Array.from(
    { length: items },
    (_, i) =>
      fake.addPage({ spaceKey: 'BENCH', title: `Runbook ${i + 1}`, storage: storagePage(i + 1) })
        .id,
  );
  return {
    label: 'Confluence',
    unit: 'pages',
    env: {},
    async connect(call, token) {
      const saved = await call(
        'POST',
        '/api/save-integration/confluence',
        {
          domain: fake.url,
          username: 'bench@example.com',
          password: 'bench-token',
          spacekey: 'BENCH',
        },
        token,
      );
      if (!saved.sourceId) throw new Error(JSON.stringify(saved));
      return saved.sourceId;
    },
    edit(count) {
      for (let i = 0; i < count; i++)
        fake.editPage(ids[Math.floor((i * items) / count)]!, { storage: storagePage(items + i) });
    },
    resync: async (call, token) =>
      void (await call('POST', '/api/resync-confluence', undefined, token)),
    changeAccess() {
      fake.world.content(ids[0]!).readRestriction = { users: [], groups: [] };
      fake.world.content(ids[1]!).parentId = ids[0];
    },
    requests: () => fake.requests.length,
    requestsFrom: (from) => fake.requests.slice(from).map(shape),
    maxInFlight: () => fake.maxInFlight,
    close: () => fake.close(),
  };
}

/**
 * Issues with two comments each, plus one Markdown doc per 20 issues, stamped three hours back
 * as a repository's items are older than a sync's window (the last sync's start less an hour):
 * an incremental sync's `since` listing then holds only what changed.
 */
export async function github(items: number, latencyMs: number): Promise<Scenario> {
  const fake = await startFakeGitHub({ latencyMs });
  const past = 3 * 60 * 60 * 1000;
  fake.advanceClock(-past);
  fake.addRepo({ owner: 'bench', name: 'api' });
  fake.addToken('bench-token', { login: 'bench', repos: ['bench/api'] });
  const docs = Math.floor(items / 20);
  const issues: number[] = [];
  for (let n = 1; n <= items - docs; n++)
    issues.push(
      fake.addIssue({
        repo: 'bench/api',
        title: `Incident ${n}`,
        body: prose(n, (s) => `## Step ${s + 1}`),
        comments: [sentence(), sentence()],
      }),
    );
  for (let n = 1; n <= docs; n++)
    fake.putFile(
      'bench/api',
      `docs/runbook-${n}.md`,
      `# Runbook ${n}\n\n${prose(n, (s) => `## ${s}`)}`,
    );
  fake.advanceClock(past); // edits are stamped now
  return {
    label: 'GitHub',
    unit: 'issues and docs',
    env: { GITHUB_API_URL: fake.url },
    async connect(call, token) {
      const saved = await call(
        'POST',
        '/api/save-integration/github',
        { password: 'bench-token', spacekey: 'bench/api' },
        token,
      );
      if (!saved.sourceId) throw new Error(JSON.stringify(saved));
      return saved.sourceId;
    },
    edit(count) {
      for (let i = 0; i < count; i++)
        fake.addComment('bench/api', issues[Math.floor((i * issues.length) / count)]!, sentence());
    },
    resync: async (call, token) =>
      void (await call('POST', '/api/integrations/github/resync', undefined, token)),
    changeAccess() {
      fake.addUser({ login: 'newcomer' });
      fake.addCollaborator('bench/api', 'newcomer', 'pull');
    },
    requests: () => fake.requests.length,
    requestsFrom: (from) => fake.requests.slice(from).map(shape),
    maxInFlight: () => fake.maxInFlight,
    close: () => fake.close(),
  };
}

/** Google Docs exported as text, connected through the OAuth flow. */
export async function googleDrive(items: number, latencyMs: number): Promise<Scenario> {
  const fake = await startFakeGoogle({ latencyMs });
  const ids = Array.from(
    { length: items },
    (_, i) =>
      fake.addFile({
        name: `Policy ${i + 1}`,
        mimeType: GOOGLE_MIME.document,
        content: prose(i + 1, (s) => `Section ${s + 1}`),
      }).id,
  );
  return {
    label: 'Google Drive',
    unit: 'documents',
    env: {
      GOOGLE_AUTH_URL: fake.authUrl,
      GOOGLE_TOKEN_URL: fake.tokenUrl,
      GOOGLE_API_URL: fake.url,
      GOOGLE_CLIENT_ID: fake.clientId,
      GOOGLE_CLIENT_SECRET: fake.clientSecret,
    },
    async connect(call, token) {
      const { url } = await call(
        'GET',
        '/api/integrations/google_docs/authorize-url',
        undefined,
        token,
      );
      const consent = await fetch(url, { redirect: 'manual' });
      const back = new URL(consent.headers.get('location')!);
      const done = await call(
        'POST',
        '/api/get-access-token',
        { code: back.searchParams.get('code'), state: back.searchParams.get('state') },
        token,
      );
      if (!done.sourceId) throw new Error(JSON.stringify(done));
      return done.sourceId;
    },
    edit(count) {
      for (let i = 0; i < count; i++)
        fake.editFile(ids[Math.floor((i * items) / count)]!, {
          content: prose(items + i, (s) => `Section ${s + 1}`),
        });
    },
    resync: async (call, token) =>
      void (await call('POST', '/api/integrations/google_docs/resync', undefined, token)),
    changeAccess() {
      fake.world.grants
        .get(ids[0]!)!
        .push({ type: 'user', emailAddress: 'newcomer@example.com', role: 'reader' });
    },
    requests: () => fake.requests.length,
    requestsFrom: (from) => fake.requests.slice(from).map(shape),
    maxInFlight: () => fake.maxInFlight,
    close: () => fake.close(),
  };
}

export const SCENARIOS = { confluence, github, google: googleDrive };
