import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppShell } from '../pages/app-shell.js';
import { startAppServer, type AppServer } from '../support/app-server.js';
import { screenshot } from '../support/browser.js';
import { lowContrastControls, type LowContrast } from '../support/contrast.js';
import { signedInAdmin } from '../support/signed-in.js';

/**
 * Every navigation item, clicked as a person would, in light and dark: no console errors, no
 * control text under WCAG AA contrast; then every destination at phone width, without
 * sideways scrolling. Screenshots of each are saved for people to look at.
 */
let app: AppServer;
let browser: Browser;
let page: Page;
const admin = { email: 'walker@example.com', password: 'correct horse battery' };
const problems: string[] = [];
let botPath = '';

/** Each navigation item and where it leads. */
const SIDEBAR: [string, RegExp][] = [
  ['Home', /\/app\/dashboard$/],
  ['History', /\/app\/history$/],
  ['Analytics', /\/app\/analytics$/],
  ['Bots', /\/app\/bots$/],
  ['Connectors', /\/app\/connectors$/],
  ['Search', /\/app\/search$/],
];
const TEAM_SETTINGS: [string, RegExp][] = [
  ['Users', /\/app\/users$/],
  ['Groups', /\/app\/groups$/],
  ['Integrations', /\/app\/integrations$/],
  ['API keys', /\/app\/api-keys$/],
  ['Audit log', /\/app\/audit-log$/],
];

function watch(p: Page) {
  p.on('console', (message) => {
    if (message.type() === 'error') problems.push(`${p.url()}: ${message.text()}`);
  });
  p.on('pageerror', (error) => problems.push(`${p.url()}: ${error.message}`));
}

async function settle(p: Page) {
  await p.waitForLoadState('networkidle');
  await p.getByText('Loading...').first().waitFor({ state: 'hidden' });
  // The Bots page offers the AI key dialog to someone without a key: look at it, then close it.
  const dialog = p.getByRole('dialog');
  const shown = await dialog
    .waitFor({ timeout: 1_000 })
    .then(() => true)
    .catch(() => false);
  if (shown) {
    await screenshot(p, `dialog-${new URL(p.url()).pathname.split('/').pop()}`);
    await p.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  }
}

const slug = (label: string) => label.toLowerCase().replace(/\s+/g, '-');

async function checkContrast(p: Page, where: string): Promise<string[]> {
  const low: LowContrast[] = await lowContrastControls(p);
  return low.map((l) => `${where}: "${l.text}" ${l.ratio}:1 (${l.color} on ${l.background})`);
}

beforeAll(async () => {
  app = await startAppServer();
  ({ browser, page } = await signedInAdmin(app, admin));
  watch(page);
  const signIn = await fetch(`${app.url}/api/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(admin),
  });
  const { token, user } = (await signIn.json()) as { token: string; user: { id: string } };
  const bot = await fetch(`${app.url}/api/create-bot`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({
      name: 'Helpdesk',
      description: 'Answers IT questions',
      user_id: user.id,
    }),
  });
  botPath = `/app/bots/${(await bot.json()) as string}`;
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

describe('A walk through every navigation item', () => {
  it('opens each one in light and dark without errors or low-contrast controls', async () => {
    const shell = new AppShell(page);
    const contrast: string[] = [];
    const titles = new Map<string, string>();
    const headings: string[] = [];
    const visit = async (name: string, open: () => Promise<unknown>, path: RegExp) => {
      await open();
      await page.waitForURL(path);
      await settle(page);
      // Its own tab title, and one h1.
      titles.set(name, await page.title());
      const h1 = await page.locator('h1').count();
      if (h1 !== 1) headings.push(`${name}: ${h1} h1`);
      contrast.push(...(await checkContrast(page, `${name} (light)`)));
      await screenshot(page, `walk-${slug(name)}`);
      await shell.toggleColorScheme();
      await page.mouse.move(0, 0); // no tooltip over the page
      contrast.push(...(await checkContrast(page, `${name} (dark)`)));
      await screenshot(page, `walk-${slug(name)}-dark`);
      await shell.toggleColorScheme();
    };
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    for (const [label, path] of SIDEBAR) {
      await visit(label, () => nav.getByRole('link', { name: label, exact: true }).click(), path);
    }
    await page.goto(`${app.url}/app/dashboard`);
    const panel = page.getByRole('complementary', { name: 'Configuration' });
    for (const [label, path] of TEAM_SETTINGS) {
      await visit(label, () => panel.getByRole('link', { name: label, exact: true }).click(), path);
    }
    await visit('Bot page', () => page.goto(`${app.url}${botPath}`), /\/app\/bots\/[0-9a-f-]+$/);
    expect(problems).toEqual([]);
    expect(contrast).toEqual([]);
    expect(headings).toEqual([]);
    for (const [name, title] of titles) expect(title, name).toMatch(/^\S.* · Lumen$/);
    // No two destinations share a tab title.
    expect(new Set(titles.values()).size).toBe(titles.size);
  });

  it("opens the shell's menus, panel and hints beside their triggers, by mouse and keyboard", async () => {
    const shell = new AppShell(page);
    await page.goto(`${app.url}/app/dashboard`);
    await settle(page);
    const contrast: string[] = [];
    const viewport = page.viewportSize()!;
    const inView = async (name: string) => {
      const box = (await page
        .getByRole(name === 'Notifications' ? 'dialog' : 'menu', { name })
        .boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
      return box;
    };
    for (const scheme of ['light', 'dark'] as const) {
      if (scheme === 'dark') await shell.toggleColorScheme();
      // The account menu hangs under the avatar, right-aligned.
      const avatar = page.getByRole('button', { name: /^Account:/ });
      await avatar.click();
      const menu = await inView('Account');
      const trigger = (await avatar.boundingBox())!;
      expect(menu.y).toBeGreaterThan(trigger.y + trigger.height);
      await expect
        .poll(() =>
          page
            .getByRole('menuitem', { name: 'Team settings' })
            .evaluate((e) => e === document.activeElement),
        )
        .toBe(true);
      contrast.push(...(await checkContrast(page, `account menu (${scheme})`)));
      await screenshot(page, `shell-account-menu${scheme === 'dark' ? '-dark' : ''}`);
      await page.keyboard.press('Escape');
      await page.getByRole('menu').waitFor({ state: 'hidden' });

      await page.getByRole('button', { name: 'Notifications' }).click();
      await inView('Notifications');
      await screenshot(page, `shell-notifications${scheme === 'dark' ? '-dark' : ''}`);
      await page.mouse.click(5, viewport.height - 5); // a press outside closes it
      await page.getByRole('dialog').waitFor({ state: 'hidden' });

      // The collapsed rail names what the mouse is over.
      const nav = page.getByRole('navigation', { name: 'Main navigation' });
      await nav.getByRole('link', { name: 'History', exact: true }).hover();
      await page.locator('[data-rail-tooltip]').getByText('History').waitFor();
      await screenshot(page, `shell-rail-hint${scheme === 'dark' ? '-dark' : ''}`);

      // Team Settings opens beside the rail; the keyboard goes down it and follows a choice.
      await nav.getByRole('button', { name: 'Team Settings' }).focus();
      await page.keyboard.press('Enter');
      await inView('Team Settings');
      await screenshot(page, `shell-team-settings${scheme === 'dark' ? '-dark' : ''}`);
      contrast.push(...(await checkContrast(page, `Team Settings menu (${scheme})`)));
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/app\/groups$/);
      await page.goto(`${app.url}/app/dashboard`);
      await settle(page);
    }
    await shell.toggleColorScheme();
    expect(problems).toEqual([]);
    expect(contrast).toEqual([]);
  });

  it('fits a phone: no sideways scrolling on any destination, light and dark', async () => {
    const context: BrowserContext = await browser.newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
      storageState: await page.context().storageState(),
    });
    const phone = await context.newPage();
    watch(phone);
    const routes = [
      '/app/dashboard',
      '/app/history',
      '/app/analytics',
      '/app/bots',
      botPath,
      '/app/connectors',
      '/app/search?q=vacation',
      '/app/users',
      '/app/groups',
      '/app/integrations',
      '/app/api-keys',
      '/app/audit-log',
    ];
    const overflow: string[] = [];
    for (const route of routes) {
      await phone.goto(`${app.url}${route}`);
      await settle(phone);
      for (const scheme of ['light', 'dark']) {
        const width = await phone.evaluate(() => document.documentElement.scrollWidth);
        if (width > 390) overflow.push(`${route} (${scheme}): ${width}px wide`);
        const name =
          route === botPath ? 'bot-page' : slug(route.split('?')[0].replace('/app/', ''));
        await screenshot(phone, `phone-${name}${scheme === 'dark' ? '-dark' : ''}`);
        if (scheme === 'light') {
          await phone.evaluate(() =>
            document.documentElement.setAttribute('data-mantine-color-scheme', 'dark'),
          );
        }
      }
      await phone.evaluate(() =>
        document.documentElement.setAttribute('data-mantine-color-scheme', 'light'),
      );
    }
    await context.close();
    expect(overflow).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('on a phone, the rail is a drawer: opened by its burger, closed by a choice or Escape', async () => {
    const context: BrowserContext = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      storageState: await page.context().storageState(),
    });
    const phone = await context.newPage();
    watch(phone);
    await phone.goto(`${app.url}/app/dashboard`);
    await settle(phone);
    // The 60 px rail is not shown at this width.
    expect(await phone.getByRole('navigation', { name: 'Main navigation' }).isVisible()).toBe(
      false,
    );
    const burger = phone.getByRole('button', { name: 'Open navigation' });
    await burger.click();
    const drawer = phone.getByRole('dialog');
    await drawer.getByRole('link', { name: 'History' }).waitFor();
    await screenshot(phone, 'phone-drawer');
    await phone.evaluate(() =>
      document.documentElement.setAttribute('data-mantine-color-scheme', 'dark'),
    );
    await screenshot(phone, 'phone-drawer-dark');
    await phone.evaluate(() =>
      document.documentElement.setAttribute('data-mantine-color-scheme', 'light'),
    );
    await drawer.getByRole('link', { name: 'History' }).click();
    await phone.waitForURL(/\/app\/history$/);
    await drawer.waitFor({ state: 'hidden' });
    expect(await phone.title()).toBe('History · Lumen');
    // /app/search has no top bar: its own burger opens the same drawer; Escape closes it.
    await phone.goto(`${app.url}/app/search`);
    await settle(phone);
    await phone.getByRole('button', { name: 'Open navigation' }).click();
    await drawer.getByRole('link', { name: 'Home' }).waitFor();
    await phone.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    await context.close();
    expect(problems).toEqual([]);
  });
});
