import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDnsResponder, type DnsResponder } from '../../server/test/helpers/dns-responder.js';
import { startOidcIdp, type TestIdp } from '../../server/test/helpers/oidc-idp.js';
import { AppShell } from '../pages/app-shell.js';
import { startAppServer, type AppServer } from '../support/app-server.js';
import { launchBrowser, screenshot, screenshotPath } from '../support/browser.js';
import { signedInAdmin } from '../support/signed-in.js';

/**
 * Single sign-on through a real OpenID Provider (oidc-provider) on loopback: an admin adds the
 * connection in Settings → Single sign-on, proves the domain with a DNS TXT record (a loopback
 * DNS server stands in for the company's), and a person who has no account yet signs in through
 * the provider from the sign-in page, lands on Home, and holds the role their IdP group maps to.
 */
const DOMAIN = 'acme-sso.test';
const admin = { email: 'sso-admin@example.com', password: 'correct horse battery' };

let dns: DnsResponder;
let idp: TestIdp;
let app: AppServer;
let browser: Browser;
let page: Page;
let guestBrowser: Browser;

beforeAll(async () => {
  dns = await startDnsResponder();
  app = await startAppServer({ SSO_ALLOW_PRIVATE_ISSUERS: '1', DNS_SERVERS: dns.server });
  idp = await startOidcIdp(app.url);
  idp.accounts.set('grace-1', {
    sub: 'grace-1',
    email: `grace@${DOMAIN}`,
    email_verified: true,
    given_name: 'Grace',
    family_name: 'Hopper',
    groups: ['lumen-experts'],
  });
  ({ browser, page } = await signedInAdmin(app, admin));
});

afterAll(async () => {
  await browser?.close();
  await guestBrowser?.close();
  await app?.stop();
  await idp?.stop();
  await dns?.stop();
});

describe('Single sign-on', () => {
  it('an admin adds the identity provider and proves the domain', async () => {
    await page.goto(`${app.url}/app/sso`);
    await page.getByText('No identity provider yet').waitFor();
    await screenshot(page, 'sso-empty');
    await page.getByRole('button', { name: 'Add connection' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add an identity provider' });
    await dialog.getByRole('textbox', { name: /^Name/ }).fill('Acme');
    await dialog.getByRole('textbox', { name: /^Issuer URL/ }).fill(idp.issuer);
    await dialog.getByRole('textbox', { name: /^Client ID/ }).fill(idp.clientId);
    await dialog.getByLabel(/^Client secret/).fill(idp.clientSecret);
    await dialog.getByPlaceholder('acme.com, then Enter').fill(DOMAIN);
    await dialog.getByPlaceholder('acme.com, then Enter').press('Enter');
    // The test provider sends groups with the `groups` scope (as Okta does).
    await dialog
      .getByLabel(/^Scopes/)
      .first()
      .fill('groups');
    await dialog
      .getByLabel(/^Scopes/)
      .first()
      .press('Enter');
    await dialog.getByRole('textbox', { name: /^Groups claim/ }).fill('groups');
    await dialog.getByRole('button', { name: 'Add a group mapping' }).click();
    await dialog.getByRole('textbox', { name: 'Group 1' }).fill('lumen-experts');
    await dialog.getByLabel('Role for group 1').click();
    await page.getByRole('option', { name: 'Product Experts' }).click();
    await dialog.getByRole('switch', { name: /^Enabled/ }).check();
    await page.screenshot({ path: screenshotPath('sso-connection-form'), animations: 'disabled' });
    await dialog.getByRole('button', { name: 'Add connection' }).click();
    await dialog.waitFor({ state: 'hidden' });

    const row = page.getByRole('listitem', { name: 'Acme' });
    await row.getByText('Enabled').waitFor();
    const domain = page.getByRole('listitem', { name: DOMAIN });
    await domain.getByText('Not verified').waitFor();
    const record = await domain
      .getByRole('textbox', { name: `TXT record for ${DOMAIN}` })
      .inputValue();
    dns.txt.set(DOMAIN, [record]);
    await domain.getByRole('button', { name: `Verify ${DOMAIN}` }).click();
    await domain.getByText('Verified', { exact: true }).waitFor();
    await screenshot(page, 'sso-settings');
    await new AppShell(page).toggleColorScheme();
    await screenshot(page, 'sso-settings-dark');
    await new AppShell(page).toggleColorScheme();
  });

  it('a new person signs in through it and lands on Home with the role their group gives', async () => {
    guestBrowser = await launchBrowser();
    const context = await guestBrowser.newContext({ viewport: { width: 1440, height: 900 } });
    context.setDefaultTimeout(15_000);
    const guest = await context.newPage();
    await guest.goto(`${app.url}/signin`);
    await guest.getByRole('textbox', { name: /email/i }).fill(`grace@${DOMAIN}`);
    const start = guest.getByRole('link', { name: 'Continue with Acme' });
    await start.waitFor();
    await screenshot(guest, 'sso-sign-in');
    idp.loginAs = 'grace-1';
    await start.click();
    await guest.waitForURL(/\/app\/dashboard$/, { timeout: 30_000 });
    await screenshot(guest, 'sso-home');
    const me = await guest.evaluate(async () => {
      const res = await fetch('/graphql', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${localStorage.getItem('token')}`,
        },
        body: JSON.stringify({ query: '{ me { email roles } }' }),
      });
      return ((await res.json()) as { data: { me: { email: string; roles: string[] } } }).data.me;
    });
    expect(me).toEqual({ email: `grace@${DOMAIN}`, roles: ['product_expert'] });
  });
});
