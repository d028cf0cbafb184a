import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAdmin, type Account } from './helpers/accounts.js';
import { ask, connectorEnv, sourceRow, waitForSync } from './helpers/connectors.js';
import { startFakeAtlassian, type FakeAtlassian } from './helpers/fake-atlassian.js';
import { startTestApp, type TestApp } from './helpers/test-app.js';

let fake: FakeAtlassian;
let app: TestApp;
let admin: Account;
let other: Account;
let sourceId: string;

beforeAll(async () => {
  fake = await startFakeAtlassian();
  fake.addSpace({ key: 'ENG' });
  fake.addSpace({ key: 'SALES' });
  fake.addPage({
    spaceKey: 'ENG',
    title: 'Deploys',
    storage: '<p>Deploys freeze on the platypus holiday.</p>',
  });
  fake.addPage({
    spaceKey: 'SALES',
    title: 'Pricing',
    storage: '<p>The gecko plan costs 12 dollars.</p>',
  });
  app = await startTestApp(connectorEnv(fake, { PUBLIC_URL: 'https://lumen.example' }));
  admin = await newAdmin(app);
  other = await newAdmin(app, 'Eve');
});

afterAll(async () => {
  await app?.stop();
  await fake?.close();
});

async function authorizeUrl(user: Account, query = '') {
  const res = await app.rest(
    'GET',
    `/api/integrations/confluence/authorize-url${query}`,
    undefined,
    {
      token: user.token,
    },
  );
  expect(res.status).toBe(200);
  return new URL(res.body.url);
}

function exchange(user: Account, body: Record<string, unknown>) {
  return app.rest(
    'POST',
    '/api/get-access-token',
    {
      grant_type: 'authorization_code',
      client_id: 'from-the-browser',
      client_secret: 'browser-secret-must-be-ignored',
      redirect_uri: 'https://lumen.example/app/connectors',
      ...body,
    },
    { token: user.token },
  );
}

describe('Atlassian OAuth', () => {
  it('builds the authorize URL with a fresh single-use state per call', async () => {
    const url = await authorizeUrl(admin);
    expect(url.origin + url.pathname).toBe(`${fake.url}/authorize`);
    const q = url.searchParams;
    expect(q.get('audience')).toBe('api.atlassian.com');
    expect(q.get('client_id')).toBe(fake.clientId);
    expect(q.get('response_type')).toBe('code');
    expect(q.get('prompt')).toBe('consent');
    expect(q.get('redirect_uri')).toBe('https://lumen.example/app/connectors');
    expect(q.get('scope')!.split(' ')).toEqual(
      expect.arrayContaining([
        'read:content:confluence',
        'read:space:confluence',
        'read:page:confluence',
        'read:blogpost:confluence',
        'read:comment:confluence',
        'offline_access',
      ]),
    );
    const again = await authorizeUrl(admin);
    expect(again.searchParams.get('state')).not.toBe(q.get('state'));
    expect(q.get('state')!.length).toBeGreaterThanOrEqual(32);
  });

  it('refuses a missing, unknown or someone else’s state without calling Atlassian', async () => {
    const code = fake.issueCode({ redirectUri: 'https://lumen.example/app/connectors' });
    const mark = fake.tokenRequests().length;
    expect((await exchange(admin, { code })).status).toBe(400);
    const unknown = await exchange(admin, { code, state: 'made-up-state' });
    expect(unknown).toMatchObject({ status: 400, body: { error: 'INVALID_STATE' } });
    const theirs = (await authorizeUrl(other)).searchParams.get('state');
    expect((await exchange(admin, { code, state: theirs })).status).toBe(400);
    expect(fake.tokenRequests().length).toBe(mark);
  });

  it('exchanges the code once with the server’s secret and syncs through api.atlassian.com', async () => {
    const state = (await authorizeUrl(admin, '?spacekey=ENG')).searchParams.get('state')!;
    const code = fake.issueCode({ redirectUri: 'https://lumen.example/app/connectors' });
    const res = await exchange(admin, { code, state });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ connected: true, site: fake.url });
    sourceId = res.body.sourceId;
    const [token] = fake.tokenRequests('authorization_code');
    expect(token!.body.client_secret).toBe(fake.clientSecret);
    expect(token!.body.client_id).toBe(fake.clientId);
    expect(fake.requests.some((r) => r.path === '/oauth/token/accessible-resources')).toBe(true);

    const again = await exchange(admin, { code, state });
    expect(again.status).toBe(200);
    expect(again.body.sourceId).toBe(sourceId);
    expect(fake.tokenRequests('authorization_code')).toHaveLength(1);

    const row = await waitForSync(app, sourceId, 0);
    expect(row).toMatchObject({ status: 'idle', items_total: 1 });
    const wiki = fake.requests.filter((r) => r.path.includes('/wiki/api/v2/spaces/'));
    expect(wiki.length).toBeGreaterThan(0);
    expect(wiki.every((r) => r.path.startsWith(`/ex/confluence/${fake.cloudId}/wiki/`))).toBe(true);
    expect(wiki.every((r) => /^Bearer /.test(r.headers.authorization ?? ''))).toBe(true);
    const answer = await ask(app, admin, 'When do deploys freeze?', ['confluence']);
    expect(answer.sources[0]!.url).toMatch(new RegExp(`^${fake.url}/wiki/spaces/ENG/pages/`));
    expect((await ask(app, admin, 'How much is the gecko plan?')).sources).toEqual([]);

    const access = await currentAccessToken();
    expect((await sourceRow(app, sourceId)).sealed_credentials).not.toContain(access);
  });

  it('refreshes an expired token once, rotating the refresh token', async () => {
    fake.expireAccessTokens();
    const before = (await sourceRow(app, sourceId)).sync_run;
    const sealedBefore = (await sourceRow(app, sourceId)).sealed_credentials;
    await app.rest('POST', '/api/resync-confluence', undefined, { token: admin.token });
    const row = await waitForSync(app, sourceId, before);
    expect(row.status).toBe('idle');
    expect(fake.tokenRequests('refresh_token')).toHaveLength(1);
    expect(row.sealed_credentials).not.toBe(sealedBefore);
  });

  it('two instances refreshing at once spend the refresh token once', async () => {
    const second = await startTestApp(
      connectorEnv(fake, { PUBLIC_URL: 'https://lumen.example' }),
      app.databaseUrl,
    );
    try {
      await second.server.services.jobs.stop();
      await app.server.services.jobs.stop();
      fake.expireAccessTokens();
      const refreshesBefore = fake.tokenRequests('refresh_token').length;
      const stale = await currentAccessToken();
      const [a, b] = await Promise.all([
        app.server.services.connectorSync['vault'].refresh(sourceId, stale),
        second.server.services.connectorSync['vault'].refresh(sourceId, stale),
      ]);
      expect(fake.tokenRequests('refresh_token').length - refreshesBefore).toBe(1);
      expect(a).toEqual(b);
      // No refresh token was presented twice (the fake would have answered invalid_grant).
      const presented = fake.tokenRequests('refresh_token').map((r) => r.body.refresh_token);
      expect(new Set(presented).size).toBe(presented.length);
    } finally {
      await second.stopKeepingDatabase();
      app.server.services.jobs.start();
    }
  });

  it('a refresh token Atlassian no longer accepts leads to needs_reauth, shown once', async () => {
    fake.expireAccessTokens();
    fake.failNext(
      { path: '/oauth/token' },
      {
        status: 403,
        body: { error: 'invalid_grant', error_description: 'Unknown or invalid refresh token.' },
      },
      5,
    );
    const before = (await sourceRow(app, sourceId)).sync_run;
    const mark = fake.tokenRequests('refresh_token').length;
    await app.rest('POST', '/api/resync-confluence', undefined, { token: admin.token });
    const row = await waitForSync(app, sourceId, before);
    expect(row.status).toBe('needs_reauth');
    expect(row.last_error).toMatch(/connect it again/i);
    expect(fake.tokenRequests('refresh_token').length - mark).toBe(1);
    // The refused refresh token is never presented again: not by another refresh, not by the
    // permission read, which waits for the source to be connected again.
    const requests = fake.requests.length;
    const [{ sealed_credentials: sealed }] = await app.sql(
      'SELECT sealed_credentials FROM sources WHERE id = $1',
      [sourceId],
    );
    const vault = app.server.services.connectorSync['vault'];
    const stale = vault.open(sourceId, sealed);
    await expect(
      vault.refresh(sourceId, stale.type === 'oauth' ? stale.accessToken : ''),
    ).rejects.toThrow(/connect it again/i);
    await expect(
      app.server.services.permissionSync.step(sourceId, { defer: false }),
    ).resolves.toMatchObject({ continueAfterMs: expect.any(Number) });
    expect(fake.requests.length).toBe(requests);
    fake.clearFaults();
  });

  async function currentAccessToken(): Promise<string> {
    const row = await sourceRow(app, sourceId);
    const creds = app.server.services.connectorSync['vault'].open(
      sourceId,
      row.sealed_credentials!,
    );
    return (creds as { accessToken: string }).accessToken;
  }
});

describe('without an OAuth app', () => {
  it('answers a readable 4xx for Authorize', async () => {
    const plain = await startTestApp({ CONNECTORS_ALLOW_PRIVATE_HOSTS: 'true' });
    try {
      const user = await newAdmin(plain);
      const res = await plain.rest('GET', '/api/integrations/confluence/authorize-url', undefined, {
        token: user.token,
      });
      expect(res.status).toBe(409);
      expect(res.body.error).toBe('OAUTH_NOT_CONFIGURED');
      const caps = await plain.graphqlRaw(
        `{ connectorCapabilities { kinds oauthKinds } }`,
        {},
        user.token,
      );
      expect(caps.data.connectorCapabilities).toEqual({
        kinds: ['confluence', 'jira', 'google_docs', 'github'],
        oauthKinds: [],
      });
    } finally {
      await plain.stop();
    }
  });

  it('refuses a site on a private address unless allowed, sending it nothing', async () => {
    const guarded = await startTestApp({});
    try {
      const user = await newAdmin(guarded);
      const mark = fake.requests.length;
      for (const domain of [
        fake.url,
        fake.url.replace('127.0.0.1', 'localhost'),
        'http://169.254.169.254',
      ]) {
        const res = await guarded.rest(
          'POST',
          '/api/save-integration/confluence',
          { domain, username: 'a@b.c', password: 'tok', spacekey: 'ENG' },
          { token: user.token },
        );
        expect(res.status, domain).toBe(400);
        expect(res.body).toMatchObject({ error: 'HOST_NOT_ALLOWED', field: 'domain' });
        expect(res.body.message).toMatch(/private or local address/);
      }
      expect(fake.requests.length).toBe(mark);
    } finally {
      await guarded.stop();
    }
  });
});
