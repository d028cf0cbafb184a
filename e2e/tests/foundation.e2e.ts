import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppShell } from '../pages/app-shell.js';
import { SignInPage, SignUpPage } from '../pages/auth-pages.js';
import { startAppServer, type AppServer } from '../support/app-server.js';
import { launchBrowser, screenshot } from '../support/browser.js';

/**
 * The foundation's main flow in a real browser against the built app: sign up, sign in, the
 * dashboard, dark mode kept across a reload, a deep link while signed out, and sign out.
 */
let app: AppServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

const user = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  password: 'correct horse battery',
};

beforeAll(async () => {
  app = await startAppServer();
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  context.setDefaultTimeout(10_000);
  page = await context.newPage();
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

describe('foundation flow', () => {
  it('shows the landing page with its calls to action', async () => {
    await page.goto(app.url);
    await page.getByRole('link', { name: 'Sign up free' }).first().waitFor();
    expect(await page.getByRole('link', { name: 'Log in' }).count()).toBeGreaterThan(0);
    expect(await page.getByText('Toronto, Ontario').isVisible()).toBe(true);
    await screenshot(page, 'landing-light');
  });

  it('refuses a weak password on sign-up, saying why and how to do better', async () => {
    const signUp = new SignUpPage(page);
    await signUp.open(app.url);
    await signUp.signUp({ ...user, password: 'Welcome123' });
    await page.getByText(/This password is too easy to guess/).waitFor();
    await page.getByText('Too weak').waitFor();
    expect(page.url()).toMatch(/\/signup$/);
    await screenshot(page, 'signup-weak-password-light');
    const toggle = page.getByRole('button', { name: 'Toggle color scheme' }).first();
    await toggle.click();
    await screenshot(page, 'signup-weak-password-dark');
    await toggle.click();
  });

  it('signs up and lands on the sign-in page with the email filled in', async () => {
    const signUp = new SignUpPage(page);
    await signUp.open(app.url);
    await screenshot(page, 'signup-light');
    await signUp.signUp(user);
    await page.waitForURL(/\/signin/);
    expect(await page.getByLabel('Email').inputValue()).toBe(user.email);
  });

  it('shows a wrong password as a visible error', async () => {
    await new SignInPage(page).signIn(user.email, 'not my password', false);
    await page.getByText('Incorrect email or password.').waitFor();
    await screenshot(page, 'signin-error-light');
  });

  it('signs in to the dashboard, with the session in local storage', async () => {
    await new SignInPage(page).signIn(user.email, user.password);
    await page.waitForURL(/\/app\/dashboard$/);
    await page.getByText('Welcome, Ada').waitFor();
    const shell = new AppShell(page);
    expect((await shell.storage('token'))!.split('.')).toHaveLength(3);
    expect(await shell.storage('refresh_token')).toBeTruthy();
    expect(JSON.parse((await shell.storage('permissions'))!)).toContain('user.read');
    expect(await page.getByText('Configuration').isVisible()).toBe(true);
    expect(await page.getByText('v1.0.0').count()).toBeGreaterThan(0);
    await screenshot(page, 'dashboard-light');
  });

  it('opens the search modal with Ctrl+K', async () => {
    const shell = new AppShell(page);
    await shell.openSearchModal();
    await page.getByPlaceholder('Search your sources...').waitFor();
    expect(
      await page.getByText('add a question mark to your search to generate an answer').isVisible(),
    ).toBe(true);
    await page.waitForTimeout(400); // let the opening transition finish for the screenshot
    await screenshot(page, 'search-modal-light');
    await page.keyboard.press('Escape');
    await page.getByPlaceholder('Search your sources...').waitFor({ state: 'hidden' });
  });

  it('switches to dark mode and keeps it across a reload', async () => {
    const shell = new AppShell(page);
    expect(await shell.colorScheme()).toBe('light');
    await shell.toggleColorScheme();
    expect(await shell.colorScheme()).toBe('dark');
    await page.reload();
    await page.getByText('Welcome, Ada').waitFor();
    expect(await shell.colorScheme()).toBe('dark');
    await screenshot(page, 'dashboard-dark');
    await page.goto(`${app.url}/app/users`);
    await page.getByRole('heading', { name: 'Team Settings' }).waitFor();
    await page.getByText(user.email).first().waitFor();
    await screenshot(page, 'users-dark');
  });

  it('signs out: storage cleared, back to /signin, the refresh token revoked', async () => {
    const shell = new AppShell(page);
    const refreshToken = await shell.storage('refresh_token');
    await shell.logout();
    await page.waitForURL(/\/signin$/);
    expect(await shell.storage('token')).toBeNull();
    expect(await shell.storage('refresh_token')).toBeNull();
    expect(await shell.storage('user')).toBeNull();
    expect(await shell.storage('permissions')).toBe('[]');
    const res = await fetch(`${app.url}/api/refresh`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refresh_token: refreshToken }),
    });
    expect(res.status).toBe(401);
    await screenshot(page, 'signin-dark');
  });

  it('sends a signed-out deep link to /signin and back there after signing in', async () => {
    await page.goto(`${app.url}/app/integrations`);
    await page.waitForURL(/\/signin$/);
    await new SignInPage(page).signIn(user.email, user.password);
    await page.waitForURL(/\/app\/integrations$/);
    await page.getByRole('heading', { name: 'Integrations' }).first().waitFor();
    await screenshot(page, 'integrations-dark');
  });

  it('shows the router fallback for an unknown address', async () => {
    await page.goto(`${app.url}/no/such/page`);
    await page.getByText('Unexpected Application Error!').waitFor();
    await screenshot(page, 'not-found-dark');
  });
});
