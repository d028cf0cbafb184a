import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeGitHub, type FakeGitHub } from '../../server/test/helpers/fake-github.js';
import {
  GOOGLE_MIME,
  startFakeGoogle,
  type FakeGoogle,
} from '../../server/test/helpers/fake-google.js';
import { AppShell } from '../pages/app-shell.js';
import { startAppServer, type AppServer } from '../support/app-server.js';
import { screenshot } from '../support/browser.js';
import { signedInAdmin } from '../support/signed-in.js';

/**
 * GitHub with an access token and Google Drive with "Sign in with Google", against loopback
 * fakes of both: connect in the dialogs, watch the sync, ask, and get the items cited by their
 * links on GitHub and Google Drive.
 */
let github: FakeGitHub;
let google: FakeGoogle;
let app: AppServer;
let browser: Browser;
let page: Page;
let travelDoc: string;
let incident: number;
const admin = { email: 'drive-and-github@example.com', password: 'correct horse battery' };
const TOKEN = 'github_pat_e2e_token_0001';

beforeAll(async () => {
  github = await startFakeGitHub({ latencyMs: 20 });
  github.addRepo({ owner: 'acme', name: 'api', hasDiscussions: true });
  github.addToken(TOKEN, { login: 'ada', repos: ['acme/api'] });
  incident = github.addIssue({
    repo: 'acme/api',
    title: 'Deploys fail with the wombat error',
    body: 'Every deploy since Tuesday fails.',
    comments: [{ body: 'Root cause: the okapi certificate expired.', user: 'grace' }],
  });
  for (let n = 1; n <= 60; n++)
    github.addIssue({ repo: 'acme/api', title: `Chore ${n}`, body: `Routine chore ${n}.` });
  github.putFile('acme/api', 'docs/oncall.md', '# On call\n\nPage the marmot rotation first.');

  google = await startFakeGoogle({ latencyMs: 20 });
  const handbook = google.addFolder({ name: 'Handbook' });
  travelDoc = google.addFile({
    name: 'Travel policy',
    mimeType: GOOGLE_MIME.document,
    content: 'Hotel nights are reimbursed up to 140 euros in the quetzal region.',
    parents: [handbook.id],
  }).id;
  for (let n = 1; n <= 30; n++)
    google.addFile({
      name: `Team note ${n}`,
      mimeType: GOOGLE_MIME.document,
      content: `Weekly note ${n}: nothing to report.`,
      parents: [handbook.id],
    });

  app = await startAppServer({
    CONNECTORS_ALLOW_PRIVATE_HOSTS: 'true',
    GITHUB_API_URL: github.url,
    GOOGLE_AUTH_URL: google.authUrl,
    GOOGLE_TOKEN_URL: google.tokenUrl,
    GOOGLE_API_URL: google.url,
    GOOGLE_CLIENT_ID: google.clientId,
    GOOGLE_CLIENT_SECRET: google.clientSecret,
  });
  ({ browser, page } = await signedInAdmin(app, admin));
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await github?.close();
  await google?.close();
});

describe('GitHub and Google Drive connectors', () => {
  it('connects GitHub with an access token from its catalogue card', async () => {
    await page.goto(`${app.url}/app/connectors`);
    await page.getByRole('button', { name: /^GitHub: connect/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Connect GitHub' });
    await dialog.getByLabel(/^Access token/).fill('github_pat_wrong');
    await dialog.getByRole('textbox', { name: /^Repositories/ }).fill('acme/api');
    await dialog.getByRole('button', { name: 'Connect' }).click();
    await dialog
      .getByText(/GitHub refused the credentials/)
      .first()
      .waitFor();
    await screenshot(page, 'connector-dialog-github-refused');

    await dialog.getByLabel(/^Access token/).fill(TOKEN);
    await dialog.getByRole('button', { name: 'Connect' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const row = page.getByRole('listitem', { name: 'GitHub · acme/api' });
    // "Last synced" appears once the first sync has finished (not merely been queued).
    await row.getByText(/Last synced/).waitFor({ timeout: 60_000 });
    await row.getByText('Up to date').first().waitFor();
    await screenshot(page, 'connectors-github-synced');

    await page.goto(`${app.url}/app/dashboard`);
    const input = page.getByPlaceholder('Ask me anything...');
    await input.fill('What was the root cause of the wombat deploy error?');
    await input.press('Enter');
    const answer = page.getByRole('region', { name: 'Answer' });
    await answer.getByText('okapi', { exact: false }).first().waitFor();
    const cited = answer.getByRole('link', { name: /wombat error/ }).first();
    expect(await cited.getAttribute('href')).toMatch(
      /^\/app\/documents\/[0-9a-f-]+\?(\w+=\w+&)*passage=\d+$/,
    );
    await screenshot(page, 'ask-github-cited');
    // In the app, with the issue's GitHub page beside it.
    await cited.click();
    const open = page.getByRole('link', { name: 'Open in GitHub' });
    expect(await open.getAttribute('href')).toBe(`${github.url}/acme/api/issues/${incident}`);
  });

  it('connects Google Drive by signing in with Google and filters answers to Google Drive', async () => {
    await page.goto(`${app.url}/app/integrations`);
    const docs = page.getByRole('article', { name: 'Google Drive' });
    await docs.getByRole('button', { name: 'Connect' }).click();
    const dialog = page.getByRole('dialog', { name: 'Connect Google Drive' });
    await dialog.getByRole('textbox', { name: /^Folders/ }).waitFor();
    await screenshot(page, 'connector-dialog-google');
    const folder = google.file(google.file(travelDoc).parents[0]!).id;
    await dialog
      .getByRole('textbox', { name: /^Folders/ })
      .fill(`https://drive.google.com/drive/folders/${folder}`);
    await dialog.getByRole('button', { name: 'Sign in with Google' }).click();
    // Google (the fake) consents at once and sends the browser back with a code.
    await page.waitForURL(/\/app\/connectors$/);
    await page.getByText(/^Connected Google Drive/).waitFor();
    const row = page.getByRole('listitem', { name: 'Google Drive · Handbook' });
    await row.getByText('Up to date').first().waitFor({ timeout: 60_000 });
    expect(google.tokenRequests('authorization_code')).toHaveLength(1);
    await screenshot(page, 'connectors-google-authorized');

    const question = 'How much are hotel nights reimbursed?';
    await page.goto(`${app.url}/app/search?q=${encodeURIComponent(question)}`);
    await page.getByRole('checkbox', { name: 'Google Drive' }).check();
    const result = page.getByRole('region', { name: 'Search result' });
    await result.getByText('140 euros', { exact: false }).first().waitFor();
    const cited = result.getByRole('link', { name: /Travel policy/ }).first();
    expect(await cited.getAttribute('href')).toMatch(
      /^\/app\/documents\/[0-9a-f-]+\?(\w+=\w+&)*passage=\d+$/,
    );
    const inDrive = page
      .getByRole('region', { name: 'Related documents' })
      .getByRole('link', { name: /in Google Drive$/ })
      .first();
    expect(await inDrive.getAttribute('href')).toBe(google.file(travelDoc).webViewLink);
    await screenshot(page, 'search-google-filtered');
  });

  it('looks right in dark mode', async () => {
    await page.goto(`${app.url}/app/connectors`);
    await new AppShell(page).toggleColorScheme();
    await page
      .getByRole('listitem', { name: 'Google Drive · Handbook' })
      .getByText('Up to date')
      .first()
      .waitFor();
    await screenshot(page, 'connectors-google-github-dark');
    await page.getByRole('button', { name: 'Add source' }).click();
    await page.getByRole('menuitem', { name: 'GitHub' }).click();
    await page
      .getByRole('dialog', { name: 'Connect GitHub' })
      .getByRole('textbox', { name: /^Repositories/ })
      .waitFor();
    await screenshot(page, 'connector-dialog-github-dark');
    await page.keyboard.press('Escape');
    await new AppShell(page).toggleColorScheme();
  });
});
