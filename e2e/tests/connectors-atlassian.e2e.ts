import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startFakeAtlassian,
  type FakeAtlassian,
} from '../../server/test/helpers/fake-atlassian.js';
import { AppShell } from '../pages/app-shell.js';
import { startAppServer, type AppServer } from '../support/app-server.js';
import { screenshot } from '../support/browser.js';
import { signedInAdmin } from '../support/signed-in.js';

/**
 * Confluence with an API token and Jira with Authorize (OAuth), both against a loopback fake of
 * Atlassian: connect in the dialogs, watch the sync, ask, and get the items cited by their links.
 */
let fake: FakeAtlassian;
let app: AppServer;
let browser: Browser;
let page: Page;
const admin = { email: 'connectors@example.com', password: 'correct horse battery' };
const EMAIL = 'ada@acme.test';
const TOKEN = 'ATATT3x-e2e-token';

beforeAll(async () => {
  // Slow enough to watch a sync of 400 pages make progress.
  fake = await startFakeAtlassian({ latencyMs: 150 });
  fake.addApiToken(EMAIL, TOKEN);
  fake.addSpace({ key: 'ENG', name: 'Engineering' });
  for (let n = 1; n <= 400; n++)
    fake.addPage({
      spaceKey: 'ENG',
      title: `Runbook ${n}`,
      storage: `<h2>Service ${n}</h2><p>Restart service ${n} with <code>svc-${n} restart</code>.</p>`,
    });
  fake.addPage({
    spaceKey: 'ENG',
    title: 'Expense policy',
    storage: '<p>Meals during business travel are reimbursed up to 45 euros a day.</p>',
  });
  fake.addProject({ key: 'OPS', name: 'Operations' });
  fake.addIssue({
    projectKey: 'OPS',
    summary: 'API pods restart loop',
    description: 'Pods restart every five minutes since the kumquat deploy.',
    comments: [{ author: 'Grace Hopper', body: 'Root cause: the quokka cache expired.' }],
  });
  app = await startAppServer({
    CONNECTORS_ALLOW_PRIVATE_HOSTS: 'true',
    ATLASSIAN_AUTH_URL: fake.url,
    ATLASSIAN_API_URL: fake.url,
    ATLASSIAN_CLIENT_ID: fake.clientId,
    ATLASSIAN_CLIENT_SECRET: fake.clientSecret,
  });
  ({ browser, page } = await signedInAdmin(app, admin));
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await fake?.close();
});

describe('Confluence and Jira connectors', () => {
  it('connects Confluence with an API token: a refused token is shown, then the sync runs', async () => {
    await page.goto(`${app.url}/app/connectors`);
    await page.getByRole('button', { name: 'Add source' }).click();
    await page.getByRole('menuitem', { name: 'Confluence' }).click();
    const dialog = page.getByRole('dialog', { name: 'Connect Confluence' });
    await dialog.getByRole('textbox', { name: 'Domain' }).fill(fake.url);
    await dialog.getByRole('textbox', { name: 'Username' }).fill(EMAIL);
    await dialog.getByLabel(/^API token/).fill('not-the-token');
    await dialog.getByRole('textbox', { name: /^Space key/ }).fill('ENG');
    await dialog.getByRole('button', { name: 'Connect' }).click();
    await dialog
      .getByText(/Confluence refused the credentials/)
      .first()
      .waitFor();
    await screenshot(page, 'connector-dialog-refused');

    await dialog.getByLabel(/^API token/).fill(TOKEN);
    await dialog.getByRole('button', { name: 'Connect' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const row = page.getByRole('listitem', { name: 'Confluence · ENG' });
    await row.getByText('Syncing').first().waitFor();
    await row.getByText(/pages (found so far|checked)/).waitFor();
    await screenshot(page, 'connectors-confluence-syncing');
    await row.getByText('Up to date').first().waitFor({ timeout: 60_000 });
    await row.getByText(/Last synced/).waitFor();
    expect(await row.getByRole('link', { name: /Runbook|Expense policy/ }).count()).toBeGreaterThan(
      0,
    );
    await screenshot(page, 'connectors-confluence-synced');

    // The sync's result rings the bell (it asks every minute; a reload asks now).
    const bell = page.getByRole('button', { name: /^Notifications, \d+ unread$/ });
    for (let i = 0; i < 30 && !(await bell.isVisible()); i++) {
      await page.waitForTimeout(1000);
      await page.reload();
    }
    await bell.click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    await panel.getByRole('button', { name: /^Unread: .+ synced/ }).waitFor();
    await panel
      .getByText(/\d+ items? new or changed/)
      .first()
      .waitFor();
    await screenshot(page, 'notifications-after-sync');
    await page.keyboard.press('Escape');
  }, 120_000);

  it('answers from Confluence, opening the cited page in the app with its Confluence link', async () => {
    await page.goto(`${app.url}/app/dashboard`);
    const input = page.getByPlaceholder('Ask me anything...');
    await input.fill('How much are business travel meals reimbursed?');
    await input.press('Enter');
    const answer = page.getByRole('region', { name: 'Answer' });
    await answer.getByText('45 euros', { exact: false }).first().waitFor();
    const source = answer.getByRole('link', { name: /Expense policy/ }).first();
    expect(await source.getAttribute('href')).toMatch(
      /^\/app\/documents\/[0-9a-f-]+\?(\w+=\w+&)*passage=\d+$/,
    );
    await screenshot(page, 'ask-confluence-cited');
    // The whole page, the cited passage highlighted, and Confluence beside it in a new tab.
    await source.click();
    await page.waitForURL(/\/app\/documents\//);
    await page.getByText('45 euros', { exact: false }).first().waitFor();
    await page.getByText('Cited passage').waitFor();
    const open = page.getByRole('link', { name: 'Open in Confluence' });
    expect(await open.getAttribute('href')).toMatch(
      new RegExp(`^${fake.url}/wiki/spaces/ENG/pages/\\d+/Expense\\+policy$`),
    );
    expect(await open.getAttribute('target')).toBe('_blank');
    await screenshot(page, 'document-confluence');
  });

  it('connects Jira with Authorize (OAuth) and filters answers to Jira', async () => {
    await page.goto(`${app.url}/app/integrations`);
    const jira = page.getByRole('article', { name: 'Jira' });
    await jira.getByRole('button', { name: 'Connect' }).click();
    const dialog = page.getByRole('dialog', { name: 'Connect Jira' });
    await dialog.getByRole('textbox', { name: /^Project key/ }).fill('OPS');
    await dialog.getByRole('button', { name: 'Authorize' }).click();
    // Atlassian (the fake) consents at once and sends the browser back with a code.
    await page.waitForURL(/\/app\/connectors$/);
    await page.getByText(/^Connected Jira/).waitFor();
    const row = page.getByRole('listitem', { name: 'Jira · OPS' });
    await row.getByText('Up to date').first().waitFor({ timeout: 60_000 });
    expect(fake.tokenRequests('authorization_code')).toHaveLength(1);
    await screenshot(page, 'connectors-jira-authorized');

    const question = 'What was the root cause of the pods restarting?';
    await page.goto(`${app.url}/app/search?q=${encodeURIComponent(question)}`);
    await page.getByRole('checkbox', { name: 'Jira' }).check();
    const result = page.getByRole('region', { name: 'Search result' });
    await result.getByText('quokka', { exact: false }).first().waitFor();
    const cited = result.getByRole('link', { name: /OPS-1: API pods restart loop/ }).first();
    expect(await cited.getAttribute('href')).toMatch(
      /^\/app\/documents\/[0-9a-f-]+\?(\w+=\w+&)*passage=\d+$/,
    );
    const inJira = page
      .getByRole('region', { name: 'Related documents' })
      .getByRole('link', { name: /in Jira$/ })
      .first();
    expect(await inJira.getAttribute('href')).toBe(`${fake.url}/browse/OPS-1`);
    await screenshot(page, 'search-jira-filtered');
  });

  it('looks right in dark mode', async () => {
    await page.goto(`${app.url}/app/connectors`);
    await new AppShell(page).toggleColorScheme();
    const row = page.getByRole('listitem', { name: 'Confluence · ENG' });
    await row.getByRole('button', { name: /Show files of/ }).click();
    await row.getByText(/Last synced/).waitFor();
    await screenshot(page, 'connectors-dark');
    await page.goto(`${app.url}/app/integrations`);
    await page.getByRole('article', { name: 'Confluence' }).getByText('Connected').waitFor();
    await screenshot(page, 'integrations-dark');
    await page.goto(`${app.url}/app/connectors`);
    await page.getByRole('button', { name: 'Add source' }).click();
    await page.getByRole('menuitem', { name: 'Jira' }).click();
    await page
      .getByRole('dialog', { name: 'Connect Jira' })
      .getByRole('textbox', { name: 'Domain' })
      .waitFor();
    await screenshot(page, 'connector-dialog-dark');
    await page.keyboard.press('Escape');
    await new AppShell(page).toggleColorScheme();
  });
});
