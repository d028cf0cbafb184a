import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppShell } from '../pages/app-shell.js';
import { SignInPage } from '../pages/auth-pages.js';
import { startAppServer, type AppServer } from '../support/app-server.js';
import { launchBrowser, screenshot } from '../support/browser.js';

/**
 * Team flow: an admin invites a teammate from /app/users, the invitee opens the link from the
 * dev outbox, sets a name and password, signs in and sees only their role's navigation.
 */
let app: AppServer;
let browser: Browser;
const admin = { email: 'ada@example.com', password: 'correct horse battery' };
const invitee = 'grace@example.com';

async function newPage(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  context.setDefaultTimeout(10_000);
  return { context, page: await context.newPage() };
}

beforeAll(async () => {
  app = await startAppServer();
  const res = await fetch(`${app.url}/api/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...admin, firstName: 'Ada', lastName: 'Lovelace' }),
  });
  expect(res.status).toBe(201);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

describe('inviting a teammate', () => {
  it('admin invites from the Team page and sees why a duplicate was skipped', async () => {
    const { context, page } = await newPage();
    await page.goto(`${app.url}/signin`);
    await new SignInPage(page).signIn(admin.email, admin.password);
    await page.waitForURL(/\/app\/dashboard$/);
    await page.goto(`${app.url}/app/users`);
    await page.getByText(admin.email).first().waitFor();

    await page.getByRole('button', { name: 'Invite teammates to a team' }).click();
    await page.getByRole('dialog', { name: 'Invite new teammates' }).waitFor();
    expect(
      await page
        .getByText('To invite multiple teammates, separate email addresses with commas.')
        .isVisible(),
    ).toBe(true);
    await page.getByRole('textbox', { name: /^Emails/ }).fill(`${invitee}, ${admin.email}`);
    await page.getByRole('textbox', { name: /^Message/ }).fill('Welcome to the team!');
    await page.getByRole('button', { name: 'Send invites' }).click();
    await page.getByText('Already a member of this workspace.').waitFor();
    await screenshot(page, 'invite-dialog-skipped');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByText(invitee).first().waitFor(); // listed under pending invitations
    await screenshot(page, 'users-with-invitation');
    await context.close();
  });

  it('the invitee joins through the mailed link and is signed in with a customer-facing view', async () => {
    const [mail] = await app.outbox(invitee);
    expect(mail.text).toContain('Welcome to the team!');
    const link = /(http\S+\/accept-invite\?token=\S+)/.exec(mail.text)![1];

    const { context, page } = await newPage();
    await page.goto(link);
    await page.getByText(/invited you to join/).waitFor();
    await page.getByRole('textbox', { name: /^First name/ }).fill('Grace');
    await page.getByRole('textbox', { name: /^Last name/ }).fill('Hopper');
    await page
      .getByLabel(/^Password/)
      .first()
      .fill('a fine long passphrase');
    await screenshot(page, 'accept-invite');
    await page.getByRole('button', { name: /^Join / }).click();
    // Signed in with the password just chosen: no second sign-in.
    await page.waitForURL(/\/app\/dashboard$/);
    await page.getByText('Welcome, Grace').waitFor();
    const shell = new AppShell(page);
    expect(JSON.parse((await shell.storage('permissions'))!)).toEqual(['search.read']);
    // Only their role's navigation: no Users link anywhere.
    expect(await page.getByRole('link', { name: 'Users' }).count()).toBe(0);
    await screenshot(page, 'customer-facing-dashboard');
    await page.goto(`${app.url}/app/users`);
    await page.waitForURL(/\/app\/unauthorized$/);
    await page.getByText('Access Denied').waitFor();

    // The link is spent.
    await page.goto(link);
    await page.getByText(/not valid any more/).waitFor();
    await context.close();
  });
});
