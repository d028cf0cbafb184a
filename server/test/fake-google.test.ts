import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GoogleOAuth } from '../src/modules/connectors/google-oauth.js';
import { ConnectorAuthError } from '../src/modules/connectors/tool-failures.js';
import {
  DRIVE_READONLY,
  GOOGLE_MIME,
  googleError,
  startFakeGoogle,
  type FakeGoogle,
} from './helpers/fake-google.js';

// The fake itself, spoken to with plain fetch, so connector tests can trust what it answers.

const REDIRECT_URI = 'https://lumen.example/app/connectors';

let fake: FakeGoogle;
let token: string;

interface Answer {
  status: number;
  headers: Headers;
  body: any;
  bytes: Buffer;
}

async function call(
  path: string,
  init: { auth?: string | null; form?: Record<string, string>; method?: string } = {},
): Promise<Answer> {
  const headers: Record<string, string> = {};
  const auth = init.auth === undefined ? `Bearer ${token}` : init.auth;
  if (auth) headers.authorization = auth;
  let body: string | undefined;
  if (init.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(init.form).toString();
  }
  const res = await fetch(path.startsWith('http') ? path : `${fake.url}${path}`, {
    method: init.method ?? (body === undefined ? 'GET' : 'POST'),
    headers,
    body,
    redirect: 'manual',
  });
  const bytes = Buffer.from(await res.arrayBuffer());
  let parsed: any = bytes.toString('utf8');
  try {
    parsed = JSON.parse(parsed);
  } catch {
    // not JSON: keep the text
  }
  return { status: res.status, headers: res.headers, body: parsed, bytes };
}

const drive = (path: string, params: Record<string, string> = {}, auth?: string | null) =>
  call(`/drive/v3${path}?${new URLSearchParams(params).toString()}`, { auth });

const exchange = (code: string, extra: Record<string, string> = {}) =>
  call('/token', {
    auth: null,
    form: {
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT_URI,
      client_id: fake.clientId,
      client_secret: fake.clientSecret,
      ...extra,
    },
  });

const refresh = (refreshToken: string) =>
  call('/token', {
    auth: null,
    form: {
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
      client_id: fake.clientId,
      client_secret: fake.clientSecret,
    },
  });

beforeAll(async () => {
  fake = await startFakeGoogle({ exportLimitBytes: 1000 });
  token = fake.issueToken();
});

afterAll(() => fake.close());

describe('OAuth 2.0 web-server flow', () => {
  const authorizeUrl = (extra: Record<string, string> = {}) =>
    `${fake.authUrl}?${new URLSearchParams({
      client_id: fake.clientId,
      redirect_uri: REDIRECT_URI,
      response_type: 'code',
      scope: DRIVE_READONLY,
      access_type: 'offline',
      prompt: 'consent',
      state: 'state-1',
      ...extra,
    }).toString()}`;

  it('consents at once, and a code works exactly once', async () => {
    expect(fake.authUrl).toBe(`${fake.url}/o/oauth2/v2/auth`);
    expect(fake.tokenUrl).toBe(`${fake.url}/token`);
    const consent = await call(authorizeUrl(), { auth: null });
    expect(consent.status).toBe(302);
    const back = new URL(consent.headers.get('location')!);
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT_URI);
    expect(back.searchParams.get('state')).toBe('state-1');
    const code = back.searchParams.get('code')!;

    const first = await exchange(code);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      token_type: 'Bearer',
      scope: DRIVE_READONLY,
      expires_in: 3599,
    });
    expect(first.body.access_token).toEqual(expect.any(String));
    expect(first.body.refresh_token).toEqual(expect.any(String));
    const about = await drive(
      '/about',
      { fields: 'user(emailAddress)' },
      `Bearer ${first.body.access_token}`,
    );
    expect(about.body).toEqual({ user: { emailAddress: fake.email } });

    const again = await exchange(code);
    expect(again.status).toBe(400);
    expect(again.body.error).toBe('invalid_grant');
  });

  it('checks the redirect URI and the client', async () => {
    const code = fake.issueCode({ redirectUri: REDIRECT_URI });
    expect((await exchange(code, { redirect_uri: 'https://evil.example/' })).body.error).toBe(
      'redirect_uri_mismatch',
    );
    const wrongSecret = await exchange(code, { client_secret: 'nope' });
    expect(wrongSecret.status).toBe(401);
    expect(wrongSecret.body.error).toBe('invalid_client');
    // Neither spent the code.
    expect((await exchange(code)).status).toBe(200);
  });

  it('refreshes without rotating, until access is revoked', async () => {
    const { body } = await exchange(fake.issueCode({ redirectUri: REDIRECT_URI }));
    const renewed = await refresh(body.refresh_token);
    expect(renewed.status).toBe(200);
    expect(renewed.body.access_token).not.toBe(body.access_token);
    expect(renewed.body.refresh_token).toBeUndefined();
    expect((await refresh(body.refresh_token)).status).toBe(200); // still the same one

    fake.revokeAll();
    const refused = await refresh(body.refresh_token);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      error: 'invalid_grant',
      error_description: 'Token has been expired or revoked.',
    });
    const api = await drive('/about', { fields: 'user' }, `Bearer ${renewed.body.access_token}`);
    expect(api.status).toBe(401);
    expect(api.body.error).toMatchObject({ code: 401, status: 'UNAUTHENTICATED' });
    expect(api.body.error.errors[0].reason).toBe('authError');
    token = fake.issueToken();
  });

  it('shows a consent page when autoConsent is off; Deny comes back with access_denied', async () => {
    fake.autoConsent = false;
    try {
      const page = await call(authorizeUrl(), { auth: null });
      expect(page.status).toBe(200);
      const deny = /id="deny" href="([^"]+)"/.exec(page.body)![1]!.replace(/&#38;/g, '&');
      const denied = await call(`${fake.url}${deny}`, { auth: null });
      const back = new URL(denied.headers.get('location')!);
      expect(back.searchParams.get('error')).toBe('access_denied');
      expect(back.searchParams.get('state')).toBe('state-1');
      expect(back.searchParams.get('code')).toBeNull();
    } finally {
      fake.autoConsent = true;
    }
  });

  it('speaks what GoogleOAuth (the server’s client) sends', async () => {
    const oauth = new GoogleOAuth(
      {
        clientId: fake.clientId,
        clientSecret: fake.clientSecret,
        authUrl: fake.authUrl,
        tokenUrl: fake.tokenUrl,
        apiUrl: fake.url,
      },
      REDIRECT_URI,
    );
    const consent = await call(oauth.authorizeUrl('google_docs', 'st'), { auth: null });
    const code = new URL(consent.headers.get('location')!).searchParams.get('code')!;
    const tokens = await oauth.exchangeCode(code);
    expect(tokens.refreshToken).toEqual(expect.any(String));
    const renewed = await oauth.refresh(tokens.refreshToken!);
    expect(renewed.refreshToken).toBeNull(); // the caller keeps the one it has
    fake.revokeAll();
    await expect(oauth.refresh(tokens.refreshToken!)).rejects.toThrow(ConnectorAuthError);
    token = fake.issueToken();
  });
});

describe('Drive v3', () => {
  let folder: string;
  let docs: string[];

  beforeAll(() => {
    folder = fake.addFolder({ name: 'Handbook' }).id;
    docs = ['One', 'Two', 'Three', 'Four', 'Five'].map(
      (name) =>
        fake.addFile({
          name,
          mimeType: GOOGLE_MIME.document,
          content: `${name} text`,
          parents: [folder],
        }).id,
    );
    fake.addFile({ name: 'logo.png', mimeType: GOOGLE_MIME.png, content: Buffer.from([1, 2]) });
  });

  it('pages files.list with nextPageToken and reads q', async () => {
    const q = `'${folder}' in parents and trashed = false and (mimeType = '${GOOGLE_MIME.document}' or mimeType = '${GOOGLE_MIME.pdf}')`;
    const seen: string[] = [];
    let pageToken: string | undefined;
    let pages = 0;
    do {
      const { status, body } = await drive('/files', {
        q,
        pageSize: '2',
        fields: 'nextPageToken,files(id,name)',
        ...(pageToken ? { pageToken } : {}),
      });
      expect(status).toBe(200);
      expect(Object.keys(body.files[0])).toEqual(['id', 'name']);
      seen.push(...body.files.map((f: { id: string }) => f.id));
      pageToken = body.nextPageToken;
      pages++;
    } while (pageToken);
    expect(pages).toBe(3);
    expect(seen).toEqual(docs);

    const notDocs = await drive('/files', {
      q: `not mimeType = '${GOOGLE_MIME.document}' and mimeType != '${GOOGLE_MIME.folder}'`,
    });
    expect(notDocs.body.files.map((f: { name: string }) => f.name)).toEqual(['logo.png']);
    // Without fields, Drive answers a few fields only.
    expect(Object.keys(notDocs.body.files[0]).sort()).toEqual(['id', 'kind', 'mimeType', 'name']);

    const bad = await drive('/files', { q: 'starred = true' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.errors[0]).toMatchObject({ reason: 'invalid', location: 'q' });
    const otherQuery = await drive('/files', { q: 'trashed = false', pageToken: 'nope' });
    expect(otherQuery.status).toBe(400);
  });

  it('serves metadata, downloads and exports; shared drives need supportsAllDrives', async () => {
    const meta = await drive(`/files/${docs[0]}`, { fields: 'id,name,webViewLink,version' });
    expect(meta.body).toEqual({
      id: docs[0],
      name: 'One',
      webViewLink: `${fake.url}/document/d/${docs[0]}/edit`,
      version: expect.stringMatching(/^\d+$/),
    });
    const exported = await drive(`/files/${docs[0]}/export`, { mimeType: 'text/plain' });
    expect(exported.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(exported.bytes.toString('utf8')).toBe('\uFEFFOne text');
    expect((await drive(`/files/${docs[0]}`, { alt: 'media' })).body.error.errors[0].reason).toBe(
      'fileNotDownloadable',
    );

    const team = fake.addDrive({ name: 'Team' });
    const pdf = fake.addFile({
      name: 'plan.pdf',
      mimeType: GOOGLE_MIME.pdf,
      content: Buffer.from('%PDF-1.4 fake'),
      driveId: team.id,
    });
    expect(pdf.webViewLink).toBe(`${fake.url}/file/d/${pdf.id}/view`);
    expect((await drive(`/files/${pdf.id}`, { alt: 'media' })).status).toBe(404);
    const media = await drive(`/files/${pdf.id}`, { alt: 'media', supportsAllDrives: 'true' });
    expect(media.headers.get('content-type')).toBe(GOOGLE_MIME.pdf);
    expect(media.bytes.toString()).toBe('%PDF-1.4 fake');
    const everywhere = await drive('/files', {
      q: "name = 'plan.pdf'",
      corpora: 'allDrives',
      includeItemsFromAllDrives: 'true',
      supportsAllDrives: 'true',
    });
    expect(everywhere.body.files).toHaveLength(1);
    expect((await drive('/files', { q: "name = 'plan.pdf'" })).body.files).toHaveLength(0);
  });

  it('refuses exports over the size limit with exportSizeLimitExceeded', async () => {
    const big = fake.addFile({
      name: 'Big',
      mimeType: GOOGLE_MIME.document,
      content: 'x'.repeat(2000),
    });
    const { status, body } = await drive(`/files/${big.id}/export`, { mimeType: 'text/plain' });
    expect(status).toBe(403);
    expect(body).toEqual({
      error: {
        code: 403,
        message: 'This file is too large to be exported.',
        errors: [
          {
            message: 'This file is too large to be exported.',
            domain: 'global',
            reason: 'exportSizeLimitExceeded',
          },
        ],
      },
    });
  });

  it('keeps a changes feed: edits, trash, removals, moves; pages and a new start token', async () => {
    const start = (await drive('/changes/startPageToken', { supportsAllDrives: 'true' })).body
      .startPageToken;
    expect(start).toEqual(expect.any(String));
    fake.editFile(docs[0]!, { content: 'One, edited' });
    fake.editFile(docs[0]!, { name: 'One (v3)' }); // the same file: listed once
    fake.trashFile(docs[1]!);
    fake.deleteFile(docs[2]!);
    const other = fake.addFolder({ name: 'Elsewhere' });
    fake.moveFile(docs[3]!, [other.id]);

    const params = {
      includeRemoved: 'true',
      pageSize: '2',
      fields: 'nextPageToken,newStartPageToken,changes(fileId,removed,file(name,trashed,parents))',
    };
    const first = await drive('/changes', { ...params, pageToken: start });
    expect(first.body.nextPageToken).toEqual(expect.any(String));
    expect(first.body.newStartPageToken).toBeUndefined();
    const changes = [...first.body.changes];
    let page = first.body;
    while (page.nextPageToken) {
      page = (await drive('/changes', { ...params, pageToken: page.nextPageToken })).body;
      changes.push(...page.changes);
    }
    expect(page.newStartPageToken).toEqual(expect.any(String));
    expect(changes).toEqual([
      {
        fileId: docs[0],
        removed: false,
        file: { name: 'One (v3)', trashed: false, parents: [folder] },
      },
      { fileId: docs[1], removed: false, file: expect.objectContaining({ trashed: true }) },
      { fileId: docs[2], removed: true },
      { fileId: other.id, removed: false, file: expect.objectContaining({ name: 'Elsewhere' }) },
      { fileId: docs[3], removed: false, file: expect.objectContaining({ parents: [other.id] }) },
    ]);
    const after = await drive('/changes', { ...params, pageToken: page.newStartPageToken });
    expect(after.body).toEqual({ newStartPageToken: page.newStartPageToken, changes: [] });

    fake.expireChangeTokens();
    expect((await drive('/changes', { pageToken: start })).status).toBe(410);
  });

  it('answers 401 without a live token, and injected faults before anything else', async () => {
    expect((await drive('/about', { fields: 'user' }, null)).status).toBe(401);
    const expired = fake.issueToken();
    fake.expireAccessTokens();
    expect((await drive('/about', { fields: 'user' }, `Bearer ${expired}`)).status).toBe(401);
    token = fake.issueToken();

    fake.fault(
      { path: '/drive/v3/files' },
      {
        status: 403,
        body: googleError(403, 'userRateLimitExceeded', 'User rate limit exceeded.', 'usageLimits'),
      },
      2,
    );
    expect((await drive('/files')).status).toBe(403);
    expect((await drive('/files')).body.error.errors[0].reason).toBe('userRateLimitExceeded');
    expect((await drive('/files')).status).toBe(200);
    expect(fake.count({ path: '/drive/v3/files' })).toBeGreaterThanOrEqual(3);
  });
});
