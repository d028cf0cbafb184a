import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppShell } from '../pages/app-shell.js';
import { startAppServer, type AppServer } from '../support/app-server.js';
import { screenshot } from '../support/browser.js';
import { uploadThroughApi } from '../support/rest-upload.js';
import { signedInAdmin } from '../support/signed-in.js';

/**
 * Account settings from the avatar menu (name, password, sessions); the bell (a file that cannot
 * be read puts a dot on it, and the notice leads to the Connectors page); Integrations → Slack.
 */
const admin = { email: 'account-admin@example.com', password: 'correct horse battery' };

let app: AppServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  app = await startAppServer();
  ({ browser, page } = await signedInAdmin(app, admin));
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

describe('Account settings and notifications', () => {
  it('changes the name from Account settings and lists this session', async () => {
    await page.getByRole('button', { name: /^Account:/ }).click();
    await page.getByRole('menuitem', { name: 'Account settings' }).click();
    await page.waitForURL(/\/app\/account$/);
    const sessions = page.getByRole('region', { name: 'Where you are signed in' });
    await sessions.getByText('This session').waitFor();
    const first = page.getByRole('textbox', { name: /First name/ });
    await first.fill('Augusta');
    await page.getByRole('button', { name: 'Save name' }).click();
    await page.getByText('Name saved').waitFor();
    // The fresh token carries the new name to the top bar.
    await page.getByRole('button', { name: /^Account: Augusta/ }).waitFor();
    await screenshot(page, 'account-settings');
    await new AppShell(page).toggleColorScheme();
    await screenshot(page, 'account-settings-dark');
    await new AppShell(page).toggleColorScheme();
  });

  it('verifies the email address from the banner, with the code that was mailed', async () => {
    await page.goto(`${app.url}/app/dashboard`);
    const banner = page.getByRole('region', { name: 'Email verification' });
    await banner.waitFor();
    await screenshot(page, 'verify-email-banner');
    const [mail] = (await app.outbox(admin.email)).filter((m) =>
      /Verify your email/.test(m.subject),
    );
    const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    await banner.getByRole('button', { name: 'Enter code' }).click();
    await banner.getByRole('textbox').fill(code!);
    await new AppShell(page).toggleColorScheme();
    await screenshot(page, 'verify-email-banner-dark');
    await new AppShell(page).toggleColorScheme();
    await banner.getByRole('button', { name: /^Verify/ }).click();
    await banner.waitFor({ state: 'hidden' });
    await page.reload();
    await page.getByRole('heading', { name: 'Home', level: 1 }).waitFor();
    expect(await banner.isVisible()).toBe(false);
  });

  it('shows an uploaded CSV as a table on its page', async () => {
    const token = (await page.evaluate(() => localStorage.getItem('token')))!;
    const documentId = await uploadThroughApi(app.url, token, {
      name: 'office-supplies.csv',
      type: 'text/csv',
      bytes: Buffer.from(
        'Item,Supplier,Monthly budget\n"Paper, A4",Papeterie Dupont,120 EUR\nToner,PrintCo,300 EUR\nCoffee,Café du Coin,80 EUR\n',
      ),
    });
    await page.goto(`${app.url}/app/documents/${documentId}`);
    const table = page.getByRole('table');
    // Parsed in the background: a reload shows it once indexed.
    for (let i = 0; i < 30 && !(await table.isVisible()); i++) {
      await page.waitForTimeout(1000);
      await page.reload();
    }
    await table.getByRole('columnheader', { name: 'Supplier' }).waitFor();
    await table.getByRole('cell', { name: 'Paper, A4' }).waitFor();
    expect(await page.title()).toBe('office-supplies.csv · Lumen');
    await screenshot(page, 'document-csv-table');
    await new AppShell(page).toggleColorScheme();
    await screenshot(page, 'document-csv-table-dark');
    await new AppShell(page).toggleColorScheme();
  });

  it('rings the bell when an uploaded file cannot be read', async () => {
    const token = (await page.evaluate(() => localStorage.getItem('token')))!;
    await uploadThroughApi(app.url, token, {
      name: 'broken.pdf',
      type: 'application/octet-stream',
      bytes: Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2000, 0x41)]),
    });
    // The bell asks every minute; a reload asks now.
    const bell = page.getByRole('button', { name: /^Notifications, \d+ unread$/ });
    for (let i = 0; i < 30 && !(await bell.isVisible()); i++) {
      await page.waitForTimeout(1000);
      await page.reload();
    }
    await bell.click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    await panel.getByRole('button', { name: 'Unread: broken.pdf could not be read' }).waitFor();
    await screenshot(page, 'notifications-panel');
    await page.keyboard.press('Escape');
    await new AppShell(page).toggleColorScheme();
    await bell.click();
    await screenshot(page, 'notifications-panel-dark');
    await panel.getByRole('button', { name: 'Unread: broken.pdf could not be read' }).click();
    await page.waitForURL(/\/app\/connectors$/);
    // Read on the way: the dot goes.
    await page.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
  });

  it('offers admins to connect Slack from Integrations, with the manifest filled in', async () => {
    await page.goto(`${app.url}/app/integrations`);
    const slack = page.getByRole('region', { name: 'Slack' });
    await slack.getByLabel('Slack app manifest').waitFor();
    expect(await slack.getByLabel('Slack app manifest').textContent()).toContain(
      `${app.url}/slack/events`,
    );
    await screenshot(page, 'integrations-slack');
    await new AppShell(page).toggleColorScheme();
    await screenshot(page, 'integrations-slack-dark');
    await new AppShell(page).toggleColorScheme();
  });
});
