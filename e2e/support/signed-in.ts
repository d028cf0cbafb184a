import type { Browser, Page } from 'playwright-core';
import { SignInPage } from '../pages/auth-pages.js';
import type { AppServer } from './app-server.js';
import { launchBrowser } from './browser.js';

export interface Admin {
  email: string;
  password: string;
}

/** Signs up a workspace admin over REST, then signs them in on a 1440×900 browser page. */
export async function signedInAdmin(
  app: AppServer,
  admin: Admin,
): Promise<{ browser: Browser; page: Page }> {
  await fetch(`${app.url}/api/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...admin, firstName: 'Ada', lastName: 'Lovelace' }),
  });
  const browser = await launchBrowser();
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  await page.goto(`${app.url}/signin`);
  await new SignInPage(page).signIn(admin.email, admin.password);
  await page.waitForURL(/\/app\/dashboard$/);
  return { browser, page };
}
