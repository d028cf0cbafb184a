import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startFakeAtlassian,
  type FakeAtlassian,
} from '../../server/test/helpers/fake-atlassian.js';
import { startFakeGitHub, type FakeGitHub } from '../../server/test/helpers/fake-github.js';
import { startFakeGoogle, type FakeGoogle } from '../../server/test/helpers/fake-google.js';
import { AppShell } from '../pages/app-shell.js';
import { startAppServer, type AppServer } from '../support/app-server.js';
import { screenshot } from '../support/browser.js';
import { signedInAdmin } from '../support/signed-in.js';

/**
 * Linked accounts (profile → Linked accounts): a member links Google and GitHub through each
 * provider's OAuth against loopback fakes (the browser really goes to the fake and back), sees a
 * refused replay, and unlinks; in light and dark.
 */
let atlassian: FakeAtlassian;
let google: FakeGoogle;
let github: FakeGitHub;
let app: AppServer;
let browser: Browser;
let page: Page;
const admin = { email: 'linked-accounts@example.com', password: 'correct horse battery' };

const shot = (name: string) => screenshot(page, `linked-${name}`);

beforeAll(async () => {
  [atlassian, google, github] = await Promise.all([
    startFakeAtlassian(),
    startFakeGoogle(),
    startFakeGitHub(),
  ]);
  google.signedIn = google.addUser({ email: 'ada@corp.example', emailVerified: true }).email;
  github.addUser({
    login: 'ada-codes',
    emails: [{ email: 'ada@users.noreply.example', primary: true, verified: false }],
  });
  app = await startAppServer({
    ATLASSIAN_AUTH_URL: atlassian.url,
    ATLASSIAN_API_URL: atlassian.url,
    ATLASSIAN_CLIENT_ID: atlassian.clientId,
    ATLASSIAN_CLIENT_SECRET: atlassian.clientSecret,
    GOOGLE_AUTH_URL: google.authUrl,
    GOOGLE_TOKEN_URL: google.tokenUrl,
    GOOGLE_API_URL: google.url,
    GOOGLE_CLIENT_ID: google.clientId,
    GOOGLE_CLIENT_SECRET: google.clientSecret,
    GITHUB_API_URL: github.url,
    GITHUB_OAUTH_URL: github.url,
    GITHUB_CLIENT_ID: github.clientId,
    GITHUB_CLIENT_SECRET: github.clientSecret,
  });
  ({ browser, page } = await signedInAdmin(app, admin));
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await Promise.all([atlassian?.close(), google?.close(), github?.close()]);
});

const row = (name: string) => page.getByRole('listitem', { name });

describe('Linked accounts', () => {
  it('is in the account menu and lists the three providers, none linked', async () => {
    await page.getByRole('button', { name: /^Account:/ }).click();
    await page.getByRole('menuitem', { name: 'Linked accounts' }).click();
    await page.waitForURL(/\/app\/account\/linked$/);
    for (const name of ['Atlassian', 'Google', 'GitHub'])
      await row(name).getByText('Not linked').waitFor();
    await shot('empty-light');
  });

  it('links Google through its consent page and comes back linked', async () => {
    await row('Google').getByRole('button', { name: 'Link Google' }).click();
    await page.getByText('Google account linked').waitFor();
    await row('Google').getByText('ada@corp.example').waitFor();
    expect(page.url()).toMatch(/\/app\/account\/linked$/);
  });

  it('links GitHub, keeping no unverified email', async () => {
    await row('GitHub').getByRole('button', { name: 'Link GitHub' }).click();
    await page.getByText('GitHub account linked').waitFor();
    await row('GitHub').getByText('(no verified email)').waitFor();
    await shot('linked-light');
  });

  it('shows a replayed return as an error', async () => {
    await page.goto(`${app.url}/app/account/linked?code=replayed&state=not-yours`);
    await page.getByText('The account was not linked').waitFor();
    await page.getByText(/not yours or is unknown/).waitFor();
    expect(page.url()).toMatch(/\/app\/account\/linked$/);
    await shot('error-light');
  });

  it('reads the same in dark mode, and unlinks at once', async () => {
    await new AppShell(page).toggleColorScheme();
    await page.goto(`${app.url}/app/account/linked`);
    await row('Google').getByText('ada@corp.example').waitFor();
    await shot('linked-dark');
    await row('GitHub').getByRole('button', { name: 'Unlink GitHub' }).click();
    await page.getByText('GitHub account unlinked').waitFor();
    await row('GitHub').getByText('Not linked').waitFor();
    await page.goto(`${app.url}/app/account/linked?code=x&state=y`);
    await page.getByText('The account was not linked').waitFor();
    await shot('error-dark');
  });
});
