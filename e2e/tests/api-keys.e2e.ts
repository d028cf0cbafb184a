import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppShell } from '../pages/app-shell.js';
import { startAppServer, type AppServer } from '../support/app-server.js';
import { screenshot } from '../support/browser.js';
import { signedInAdmin } from '../support/signed-in.js';

/**
 * An API consumer's key: created in the browser, used from outside it (plain HTTP, as a script
 * would), revoked, and the whole story read back in the audit log.
 */
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

const askWith = (key: string) =>
  fetch(`${app.url}/api/ask`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ question: 'What is our leave policy?' }),
  });

describe('API keys and the audit log', () => {
  let secret = '';

  it('creates a key and shows its secret once', async () => {
    await page.goto(`${app.url}/app/api-keys`);
    await page.getByText('No API keys yet').waitFor();
    await page.getByRole('button', { name: 'Create API key' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create API key' });
    await dialog.getByLabel('Name').fill('Wiki sync');
    await dialog.getByRole('checkbox', { name: /search\.read/ }).check();
    await dialog.getByRole('button', { name: 'Create key' }).click();
    const shown = page.getByRole('dialog', { name: 'Copy your new API key' });
    await shown.getByText('Copy this key now: it will not be shown again.').waitFor();
    secret = await shown.getByLabel('Secret of Wiki sync').inputValue();
    expect(secret).toMatch(/^lumen_[\w-]{43}$/);
    await screenshot(page, 'api-key-created-light');
    await shown.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('row', { name: 'Wiki sync' }).waitFor();
    expect(await page.content()).not.toContain(secret);
  });

  it('answers a script that sends the key, until the key is revoked', async () => {
    const before = await askWith(secret);
    expect(before.status).toBe(200);
    expect(((await before.json()) as { answer: unknown }).answer).toBeTruthy();

    await page.reload();
    const row = page.getByRole('row', { name: 'Wiki sync' });
    await row
      .getByText(/ago|just now|today/i)
      .first()
      .waitFor();
    await row.getByRole('button', { name: 'Revoke Wiki sync' }).click();
    await page
      .getByRole('dialog', { name: 'Revoke API key' })
      .getByRole('button', { name: 'Revoke key' })
      .click();
    await page.getByText('No API keys yet').waitFor();
    expect((await askWith(secret)).status).toBe(401);
  });

  it('shows the creation and the revocation in the audit log, in light and dark', async () => {
    await page.goto(`${app.url}/app/audit-log`);
    const log = page.getByRole('table', { name: 'Audit log' });
    await log.getByText('API key revoked').waitFor();
    await log.getByText('API key created').waitFor();
    expect(await log.getByText('Wiki sync', { exact: false }).count()).toBeGreaterThanOrEqual(2);
    await screenshot(page, 'audit-log-light');
    await new AppShell(page).toggleColorScheme();
    await log.getByText('API key revoked').waitFor();
    await screenshot(page, 'audit-log-dark');
    await page.goto(`${app.url}/app/api-keys`);
    await page.getByText('No API keys yet').waitFor();
    await screenshot(page, 'api-keys-empty-dark');
  });
});
