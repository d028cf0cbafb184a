import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppShell } from '../pages/app-shell.js';
import { startAppServer, type AppServer } from '../support/app-server.js';
import { screenshot } from '../support/browser.js';
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
});
