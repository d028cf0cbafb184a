import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SignInPage } from '../pages/auth-pages.js';
import { startAppServer, type AppServer } from '../support/app-server.js';
import { launchBrowser, screenshot } from '../support/browser.js';

/** Forgot password end to end: the code travels through the real mail path (dev outbox). */
let app: AppServer;
let browser: Browser;
let page: Page;
const email = 'grace@example.com';

beforeAll(async () => {
  app = await startAppServer();
  const res = await fetch(`${app.url}/api/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email,
      password: 'original passphrase',
      firstName: 'Grace',
      lastName: 'Hopper',
    }),
  });
  expect(res.status).toBe(201);
  browser = await launchBrowser();
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  context.setDefaultTimeout(10_000);
  page = await context.newPage();
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

it('resets a forgotten password with the mailed code, then signs in with it', async () => {
  await page.goto(`${app.url}/signin`);
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await page.waitForURL(/\/forgot-password/);
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('button', { name: 'Send me a code' }).click();
  await page.getByLabel(/^Code/).waitFor();

  // The mail is queued (the answer does not wait on it): it arrives within moments. (The
  // account's first mail, at sign-up, is its email-verification code.)
  const resetMail = async () =>
    (await app.outbox(email)).find((m) => /password reset/i.test(m.subject));
  let mail = await resetMail();
  for (let i = 0; !mail && i < 100; i++) {
    await new Promise((r) => setTimeout(r, 100));
    mail = await resetMail();
  }
  const code = /\b(\d{6})\b/.exec(mail!.text)![1];
  await page.getByLabel(/^Code/).fill(code);
  await page
    .getByLabel(/^New password/)
    .first()
    .fill('brand new passphrase');
  await screenshot(page, 'forgot-password-light');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await page.waitForURL(/\/signin(\?|$)/);
  await page.getByRole('heading', { name: 'Welcome back' }).waitFor();

  const signIn = new SignInPage(page);
  await signIn.signIn(email, 'original passphrase', false);
  await page.getByText('Incorrect email or password.').waitFor();
  await signIn.signIn(email, 'brand new passphrase', false);
  await page.waitForURL(/\/app\/dashboard$/);
  await page.getByText('Welcome, Grace').waitFor();
  expect(await page.getByText('Welcome, Grace').isVisible()).toBe(true);
});
