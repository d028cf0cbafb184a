import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppShell } from '../pages/app-shell.js';
import { startAppServer, type AppServer } from '../support/app-server.js';
import { screenshot } from '../support/browser.js';
import { signedInAdmin } from '../support/signed-in.js';

/** A fixture uploaded through the dialog, then its question asked in the three places (offline). */
const FIXTURE = path.resolve(
  import.meta.dirname,
  '..',
  '..',
  'server',
  'test',
  'fixtures',
  'office',
  'fire-safety.doc',
);
const QUESTION = 'Where is the fire assembly point for the Montreal office?';
const FACT = 'Lafontaine';

let app: AppServer;
let browser: Browser;
let page: Page;
const admin = { email: 'ask@example.com', password: 'correct horse battery' };

beforeAll(async () => {
  app = await startAppServer();
  ({ browser, page } = await signedInAdmin(app, admin));
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

describe('Ask', () => {
  it('uploads the fixture', async () => {
    await page.goto(`${app.url}/app/connectors`);
    await page
      .getByRole('button', { name: /^File Upload/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: 'Connect source: File Upload' });
    await dialog.getByRole('textbox', { name: /^Name/ }).fill('Safety');
    await dialog.getByRole('textbox', { name: /^Description/ }).fill('Safety procedures');
    await dialog.getByLabel('Files').setInputFiles([FIXTURE]);
    await dialog.getByRole('button', { name: /^Upload/ }).click();
    await dialog.waitFor({ state: 'hidden', timeout: 60_000 });
    const row = page
      .getByRole('list', { name: 'Files of Safety' })
      .getByRole('listitem', { name: 'fire-safety.doc', exact: true });
    await row.getByText('Indexed').waitFor({ timeout: 60_000 });
  });

  it('answers on the home ask screen, with the source linking to the document', async () => {
    await page.goto(`${app.url}/app/dashboard`);
    const input = page.getByPlaceholder('Ask me anything...');
    await input.fill(QUESTION);
    await input.press('Enter');
    const answer = page.getByRole('region', { name: 'Answer' });
    await answer.getByText(FACT, { exact: false }).first().waitFor();
    const source = answer.getByRole('link', { name: /fire-safety/ }).first();
    await source.waitFor();
    await screenshot(page, 'ask-dashboard');
    await source.click();
    await page.waitForURL(/\/app\/documents\/[0-9a-f-]+/);
    await page.getByText(FACT, { exact: false }).first().waitFor();
    await screenshot(page, 'document-viewer');
  });

  it('answers on /app/search with sources and related documents, filtered by source', async () => {
    await page.goto(`${app.url}/app/search?q=${encodeURIComponent(QUESTION)}`);
    await page.getByText('Suggested Answer').waitFor();
    const result = page.getByRole('region', { name: 'Search result' });
    await result.getByText(FACT, { exact: false }).first().waitFor();
    await result
      .getByRole('link', { name: /fire-safety/ })
      .first()
      .waitFor();
    const related = page.getByRole('region', { name: 'Related documents' });
    await related
      .getByRole('link', { name: /fire-safety/ })
      .first()
      .waitFor();
    expect(await related.locator('mark').count()).toBeGreaterThan(0);
    await screenshot(page, 'search-results');
    // The filters offer what the workspace has: its uploaded files, no Jira.
    await page.getByRole('checkbox', { name: 'Uploaded files' }).waitFor();
    expect(await page.getByRole('checkbox', { name: 'Jira' }).count()).toBe(0);
    // A link naming Jira keeps it, ticked, to be unticked: nothing of the uploaded file matches.
    await page.goto(`${page.url()}&sources=jira`);
    await page.getByText(/No documents match/).waitFor();
    // A click, not uncheck(): once unticked the Jira box goes (the workspace has no Jira), and
    // uncheck() waits for the box to read its new state, which it may no longer be there to do.
    await page.getByRole('checkbox', { name: 'Jira' }).click();
    await related
      .getByRole('link', { name: /fire-safety/ })
      .first()
      .waitFor();
  });

  it('searches as you type and answers a question in the Cmd+K modal', async () => {
    await page.goto(`${app.url}/app/dashboard`);
    // The shortcut listens once the app has rendered.
    await page.getByPlaceholder('Ask me anything...').waitFor();
    await new AppShell(page).openSearchModal();
    const input = page.getByPlaceholder('Search your sources...');
    await input.fill('assembly point');
    const dialog = page.getByRole('dialog');
    await dialog.getByText('fire-safety').first().waitFor();
    await screenshot(page, 'search-modal-results');
    await input.fill(QUESTION);
    await input.press('Enter');
    const answer = dialog.getByRole('region', { name: 'Answer' });
    await answer.getByText(FACT, { exact: false }).first().waitFor();
    await answer
      .getByRole('link', { name: /fire-safety/ })
      .first()
      .waitFor();
    await screenshot(page, 'search-modal-answer');
  });

  it('remembers recent questions and recently viewed documents', async () => {
    await page.keyboard.press('Escape');
    await page.goto(`${app.url}/app/dashboard`);
    // The shortcut listens once the app has rendered.
    await page.getByPlaceholder('Ask me anything...').waitFor();
    await new AppShell(page).openSearchModal();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(QUESTION).first().waitFor();
    await dialog.getByText('fire-safety').first().waitFor();
    await page.keyboard.press('Escape');
  });

  it('looks right in dark mode', async () => {
    await page.goto(`${app.url}/app/dashboard`);
    await new AppShell(page).toggleColorScheme();
    const input = page.getByPlaceholder('Ask me anything...');
    await input.fill(QUESTION);
    await input.press('Enter');
    await page
      .getByRole('region', { name: 'Answer' })
      .getByText(FACT, { exact: false })
      .first()
      .waitFor();
    await screenshot(page, 'ask-dashboard-dark');
    await page.goto(`${app.url}/app/search?q=${encodeURIComponent(QUESTION)}`);
    await page
      .getByRole('region', { name: 'Search result' })
      .getByText(FACT, { exact: false })
      .first()
      .waitFor();
    await screenshot(page, 'search-results-dark');
    await new AppShell(page).toggleColorScheme();
  });
});
