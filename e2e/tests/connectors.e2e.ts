import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppShell } from '../pages/app-shell.js';
import { startAppServer, type AppServer } from '../support/app-server.js';
import { screenshot, screenshotPath } from '../support/browser.js';
import { signedInAdmin } from '../support/signed-in.js';

/** Every office fixture uploaded through the Connectors dialog reaches 'Indexed'. */
const FIXTURES = path.resolve(
  import.meta.dirname,
  '..',
  '..',
  'server',
  'test',
  'fixtures',
  'office',
);
const files = fs
  .readdirSync(FIXTURES)
  .filter((f) => /\.(pdf|docx?|xlsx?|pptx?|txt)$/.test(f))
  .map((f) => path.join(FIXTURES, f));

let app: AppServer;
let browser: Browser;
let page: Page;
const admin = { email: 'ada@example.com', password: 'correct horse battery' };

beforeAll(async () => {
  app = await startAppServer();
  ({ browser, page } = await signedInAdmin(app, admin));
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

describe('Connectors', () => {
  it('filters the catalogue of twenty sources', async () => {
    await page.goto(`${app.url}/app/connectors`);
    await page.getByRole('heading', { name: 'Connectors' }).first().waitFor();
    await page.getByPlaceholder('Search Sources').fill('GITHUB');
    await page.getByRole('button', { name: /^GitHub Issues/ }).waitFor();
    expect(await page.getByRole('button', { name: /^Dropbox/ }).count()).toBe(0);
    await page.getByPlaceholder('Search Sources').fill('');
    await screenshot(page, 'connectors-catalogue');
  });

  it(`uploads all ${files.length} fixture files through the dialog and each reaches Indexed`, async () => {
    // In dark mode (the catalogue above was light).
    await new AppShell(page).toggleColorScheme();
    await page
      .getByRole('button', { name: /^File Upload/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: 'Connect source: File Upload' });
    await dialog.waitFor();
    await dialog.getByRole('textbox', { name: /^Name/ }).fill('Company handbook');
    await dialog
      .getByRole('textbox', { name: /^Description/ })
      .fill('Policies, runbooks and budgets of the company');
    await dialog.getByLabel('Files').setInputFiles(files);
    await screenshot(page, 'upload-dialog-files-dark');
    // However many files are chosen, the list scrolls and the buttons stay on screen.
    const upload = dialog.getByRole('button', { name: /^Upload/ });
    const box = (await upload.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(page.viewportSize()!.height);
    await upload.click();
    await dialog.waitFor({ state: 'hidden', timeout: 60_000 });

    const list = page.getByRole('list', { name: 'Files of Company handbook' });
    await list.waitFor();
    for (const file of files) {
      const row = list.getByRole('listitem', { name: path.basename(file), exact: true });
      await row.getByText('Indexed', { exact: true }).waitFor({ timeout: 60_000 });
    }
    await screenshot(page, 'connectors-indexed');
    expect(await list.getByText('Failed', { exact: true }).count()).toBe(0);
  });

  it('lists a source of 55 files 50 at a time, the rest with Load more', async () => {
    const signIn = await fetch(`${app.url}/api/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(admin),
    });
    const { token } = (await signIn.json()) as { token: string };
    const gql = async (query: string, variables: Record<string, unknown>) =>
      (await fetch(`${app.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ query, variables }),
      }).then((r) => r.json())) as { data: any };
    const created = await gql(
      'mutation($i: CreateUploadSourceInput!) { createUploadSource(input: $i) { id } }',
      { i: { name: 'Meeting notes', description: 'Weekly meeting notes' } },
    );
    const sourceId = created.data.createUploadSource.id as string;
    // Over GraphQL multipart, as an API consumer would; each file's bytes differ.
    for (let n = 1; n <= 55; n++) {
      const form = new FormData();
      form.append(
        'operations',
        JSON.stringify({
          query: 'mutation($f: Upload!, $s: ID) { uploadDocument(file: $f, sourceId: $s) { id } }',
          variables: { f: null, s: sourceId },
        }),
      );
      form.append('map', JSON.stringify({ 0: ['variables.f'] }));
      form.append(
        '0',
        new Blob([`Meeting ${n}: the team reviewed item ${n}.`]),
        `meeting-${n}.txt`,
      );
      const res = await fetch(`${app.url}/graphql`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'apollo-require-preflight': 'true' },
        body: form,
      });
      expect(res.status).toBe(200);
    }

    await page.goto(`${app.url}/app/connectors`);
    const row = page.getByRole('listitem', { name: 'Meeting notes' });
    await row.getByRole('button', { name: 'Show files of Meeting notes' }).click();
    const files = row.getByRole('list', { name: 'Files of Meeting notes' });
    await files.getByText('Showing 50 of 55 files').waitFor();
    expect(await files.getByRole('listitem').count()).toBe(51); // 50 files and the Load more row
    const shell = new AppShell(page);
    const scheme = async () => ((await shell.colorScheme()) === 'dark' ? '-dark' : '');
    // The end of the first page, where Load more sits, in both schemes.
    const loadMore = files.getByRole('button', { name: 'Load more' });
    await loadMore.scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath(`connectors-load-more${await scheme()}`) });
    await shell.toggleColorScheme();
    await page.screenshot({ path: screenshotPath(`connectors-load-more${await scheme()}`) });
    await shell.toggleColorScheme();
    await loadMore.click();
    await expect
      .poll(() => files.locator('li[aria-label^="meeting-"]').count(), { timeout: 10_000 })
      .toBe(55);
    expect(await files.getByRole('button', { name: 'Load more' }).count()).toBe(0);
    const names = await files
      .locator('li[aria-label^="meeting-"]')
      .evaluateAll((items) => items.map((item) => item.getAttribute('aria-label')));
    expect(new Set(names).size).toBe(55);
    // Indexing finishes in whichever page holds a file: the last one shows Indexed too.
    await files
      .getByRole('listitem', { name: names[54]! })
      .getByText('Indexed')
      .waitFor({ timeout: 30_000 });
  });
});
