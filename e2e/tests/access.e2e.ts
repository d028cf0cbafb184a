import type { BrowserContext, Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignInPage } from '../pages/auth-pages.js';
import { startAppServer, type AppServer } from '../support/app-server.js';
import { screenshot, screenshotPath } from '../support/browser.js';
import { lowContrastControls } from '../support/contrast.js';
import { signedInAdmin } from '../support/signed-in.js';

/**
 * Who can see what (offline): an admin uploads a file with a word found nowhere else, restricts
 * its source to a group made on the Groups page, and a member who is not in the group gets
 * nothing from it; once the admin adds them to the group, the member's answer cites it.
 */
const TOKEN = 'quorvantil';
const FILE = 'ledger-notes.txt';
const TEXT = `Finance vault notes.\nThe ${TOKEN} vault opens every Tuesday at nine in the morning. Only the finance team holds the ${TOKEN} key.`;
const QUESTION = `When does the ${TOKEN} vault open?`;
const FACT = 'every Tuesday at nine';

let app: AppServer;
let browser: Browser;
let admin: Page;
let memberContext: BrowserContext;
let member: Page;
const adminAccount = { email: 'owner@example.com', password: 'correct horse battery' };
const memberAccount = { email: 'grace@example.com', password: 'a fine long passphrase' };
const problems: string[] = [];

async function graphql<T>(query: string, variables: object, token?: string): Promise<T> {
  const res = await fetch(`${app.url}/graphql`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as { data?: T; errors?: { message: string }[] };
  if (!body.data) throw new Error(`GraphQL failed: ${JSON.stringify(body.errors)}`);
  return body.data;
}

async function adminToken(): Promise<string> {
  const signIn = await fetch(`${app.url}/api/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(adminAccount),
  });
  return ((await signIn.json()) as { token: string }).token;
}

/** Invites someone with these roles and accepts the mailed invitation as them. */
async function invite(
  account: { email: string; password: string },
  name: [string, string],
  roles: string[],
) {
  await graphql(
    'mutation($input: InviteMembersInput!) { inviteMembers(input: $input) { invited { id } } }',
    { input: { emails: account.email, roles } },
    await adminToken(),
  );
  const [mail] = await app.outbox(account.email);
  const link = /accept-invite\?token=(\S+)/.exec(mail.text)![1];
  await graphql('mutation($input: AcceptInvitationInput!) { acceptInvitation(input: $input) }', {
    input: {
      token: decodeURIComponent(link),
      firstName: name[0],
      lastName: name[1],
      password: account.password,
    },
  });
}

function watch(page: Page) {
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`${page.url()}: ${error.message}`));
}

async function contrast(page: Page, where: string): Promise<string[]> {
  return (await lowContrastControls(page)).map(
    (l) => `${where}: "${l.text}" ${l.ratio}:1 (${l.color} on ${l.background})`,
  );
}

/**
 * Light, then dark (and back), each screenshot saved and its controls' contrast checked. The
 * scheme is set on the document as the toggle does, so an open dialog stays open (and is taken
 * as the screen shows it: a full-page picture would leave its overlay short).
 */
async function bothSchemes(page: Page, name: string): Promise<string[]> {
  const scheme = (value: string) =>
    page.evaluate(
      (v) => document.documentElement.setAttribute('data-mantine-color-scheme', v),
      value,
    );
  const dialog = (await page.getByRole('dialog').count()) > 0;
  const shoot = (file: string) =>
    dialog
      ? page.screenshot({ path: screenshotPath(file), animations: 'disabled' })
      : screenshot(page, file);
  await page.mouse.move(0, 0); // no tooltip over the page
  const low = await contrast(page, `${name} (light)`);
  await shoot(name);
  await scheme('dark');
  low.push(...(await contrast(page, `${name} (dark)`)));
  await shoot(`${name}-dark`);
  await scheme('light');
  return low;
}

async function ask(page: Page) {
  await page.goto(`${app.url}/app/dashboard`);
  const input = page.getByPlaceholder('Ask me anything...');
  await input.fill(QUESTION);
  await input.press('Enter');
  return page.getByRole('region', { name: 'Answer' });
}

beforeAll(async () => {
  app = await startAppServer();
  ({ browser, page: admin } = await signedInAdmin(app, adminAccount));
  watch(admin);
  // Grace asks questions (customer-facing).
  await invite(memberAccount, ['Grace', 'Hopper'], ['customer_facing']);
  memberContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  memberContext.setDefaultTimeout(15_000);
  member = await memberContext.newPage();
  watch(member);
  await member.goto(`${app.url}/signin`);
  await new SignInPage(member).signIn(memberAccount.email, memberAccount.password);
  await member.waitForURL(/\/app\/dashboard$/);
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

describe('Who can see what', () => {
  it('an admin creates a group on the Groups page', async () => {
    await admin.goto(`${app.url}/app/dashboard`);
    await admin
      .getByRole('complementary', { name: 'Configuration' })
      .getByRole('link', { name: 'Groups', exact: true })
      .click();
    await admin.waitForURL(/\/app\/groups$/);
    await admin.getByText('No groups yet').waitFor();
    await screenshot(admin, 'groups-empty');

    await admin.getByRole('button', { name: 'New group' }).click();
    const dialog = admin.getByRole('dialog', { name: 'New group' });
    await dialog.getByRole('textbox', { name: /^Name/ }).fill('Finance');
    const members = dialog.getByRole('combobox', { name: /^Members/ });
    await members.click();
    await members.pressSequentially('ada');
    await admin.getByRole('option', { name: /Ada Lovelace/ }).click();
    await dialog.getByRole('button', { name: 'Remove Ada Lovelace' }).waitFor();
    await screenshot(admin, 'group-dialog-picking');
    await members.press('Tab'); // leaving the field closes its list
    await admin.getByRole('listbox').waitFor({ state: 'hidden' });
    await screenshot(admin, 'group-dialog');
    await dialog.getByRole('button', { name: 'Create group' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const row = admin.getByRole('listitem', { name: 'Finance' });
    await row.getByText('1 member · Ada Lovelace').waitFor();
    expect(await bothSchemes(admin, 'groups')).toEqual([]);
  });

  it('uploads a file and restricts its source to the group', async () => {
    await admin.goto(`${app.url}/app/connectors`);
    await admin.getByRole('button', { name: 'Add source' }).click();
    await admin.getByRole('menuitem', { name: 'Upload files' }).click();
    const upload = admin.getByRole('dialog', { name: 'Connect source: File Upload' });
    await upload.getByRole('textbox', { name: /^Name/ }).fill('Ledger');
    await upload.getByRole('textbox', { name: /^Description/ }).fill('Finance vault notes');
    // Everyone reads a new source unless told otherwise.
    expect(
      await upload.getByRole('radio', { name: /^Everyone in the workspace/ }).isChecked(),
    ).toBe(true);
    await upload.getByRole('radio', { name: /^Only chosen people and groups/ }).check();
    await upload.getByText('Owner · always has access').waitFor();
    expect(await bothSchemes(admin, 'upload-dialog-access')).toEqual([]);
    await upload.getByRole('radio', { name: /^Everyone in the workspace/ }).check();
    await upload
      .getByLabel('Files')
      .setInputFiles({ name: FILE, mimeType: 'text/plain', buffer: Buffer.from(TEXT) });
    await upload.getByRole('button', { name: /^Upload/ }).click();
    await upload.waitFor({ state: 'hidden', timeout: 60_000 });
    await admin
      .getByRole('list', { name: 'Files of Ledger' })
      .getByRole('listitem', { name: FILE, exact: true })
      .getByText('Indexed')
      .waitFor({ timeout: 60_000 });

    const access = admin.getByRole('button', { name: /^Who can see Ledger/ });
    expect(await access.textContent()).toContain('Everyone');
    await access.click();
    const panel = admin.getByRole('dialog', { name: 'Who can see Ledger?' });
    await panel.getByRole('radio', { name: /^Only chosen people and groups/ }).check();
    await panel.getByText('Owner · always has access').waitFor();
    const groups = panel.getByRole('combobox', { name: /^Groups/ });
    await groups.click();
    await admin.getByRole('option', { name: /Finance/ }).click();
    await panel.getByRole('button', { name: 'Remove Finance' }).waitFor();
    await groups.press('Tab');
    await admin.getByRole('listbox').waitFor({ state: 'hidden' });
    expect(await bothSchemes(admin, 'source-access-panel')).toEqual([]);
    await panel.getByRole('button', { name: 'Save access' }).click();
    await admin.getByText('Access saved').waitFor();
    await panel.waitFor({ state: 'hidden' });
    await admin.getByRole('button', { name: /^Who can see Ledger: 1 group/ }).waitFor();
    expect(await bothSchemes(admin, 'connectors-restricted-source')).toEqual([]);
  });

  it('the member, not in the group, gets nothing from it', async () => {
    const answer = await ask(member);
    await answer.getByText(/couldn.t find anything/).waitFor();
    expect(await answer.getByText(FACT, { exact: false }).count()).toBe(0);
    expect(await member.getByRole('link', { name: /ledger-notes/ }).count()).toBe(0);
    await screenshot(member, 'access-member-not-found');
    // Nor do they see the source.
    await member.goto(`${app.url}/app/connectors`);
    await member.getByRole('heading', { name: 'Connected sources' }).waitFor();
    await member.getByText('No sources connected yet').waitFor();
  });

  it('once the admin adds the member to the group, the answer cites the document', async () => {
    await admin.goto(`${app.url}/app/groups`);
    await admin.getByRole('button', { name: 'Edit Finance' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Edit Finance' });
    const members = dialog.getByRole('combobox', { name: /^Members/ });
    await members.click();
    await members.pressSequentially('grace');
    await admin.getByRole('option', { name: /Grace Hopper/ }).click();
    await members.press('Tab');
    await dialog.getByRole('button', { name: 'Save group' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await admin
      .getByRole('listitem', { name: 'Finance' })
      .getByText('2 members · Grace Hopper and Ada Lovelace') // sorted by email
      .waitFor();

    const answer = await ask(member);
    await answer.getByText(FACT, { exact: false }).first().waitFor();
    await answer
      .getByRole('link', { name: /ledger-notes/ })
      .first()
      .waitFor();
    await screenshot(member, 'access-member-answer');

    // The member sees the group they are in, read-only.
    await member.goto(`${app.url}/app/groups`);
    await member.getByRole('listitem', { name: 'Finance' }).waitFor();
    expect(await member.getByRole('button', { name: 'Edit Finance' }).count()).toBe(0);
    expect(await bothSchemes(member, 'groups-member')).toEqual([]);
  });

  it('shows an admin a source they cannot read, and lets them give themselves access', async () => {
    // Alan, a product expert, keeps a source to himself.
    const alan = { email: 'alan@example.com', password: 'another long passphrase' };
    await invite(alan, ['Alan', 'Turing'], ['product_expert']);
    const signIn = await fetch(`${app.url}/api/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(alan),
    });
    const { token } = (await signIn.json()) as { token: string };
    await graphql(
      'mutation($input: CreateUploadSourceInput!) { createUploadSource(input: $input) { id } }',
      {
        input: {
          name: 'Research',
          description: 'Alan’s drafts',
          access: { mode: 'RESTRICTED', memberIds: [], groupIds: [] },
        },
      },
      token,
    );

    await admin.goto(`${app.url}/app/connectors`);
    const access = admin.getByRole('button', { name: /^Who can see Research/ });
    expect(await access.textContent()).toContain('Only Alan Turing');
    await admin.getByRole('button', { name: 'Show files of Research' }).click();
    const row = admin.getByRole('listitem', { name: 'Research' });
    await row.getByText('You manage this source but cannot read its documents').waitFor();
    expect(await bothSchemes(admin, 'source-unreadable-admin')).toEqual([]);
    await row.getByRole('button', { name: 'Give myself access' }).click();
    await admin.getByText('You can now read Research').waitFor();
    await admin.getByRole('button', { name: /^Who can see Research: 1 person/ }).waitFor();
    await row.getByText('No files in this source yet.').waitFor();
  });

  it('fits a phone', async () => {
    await admin.setViewportSize({ width: 390, height: 844 });
    const shoot = (name: string) =>
      admin.screenshot({ path: screenshotPath(name), animations: 'disabled' });
    const pages = [
      ['/app/groups', 'groups-phone', admin.getByRole('listitem', { name: 'Finance' })],
      [
        '/app/connectors',
        'connectors-access-phone',
        admin.getByRole('button', { name: /^Who can see Ledger/ }),
      ],
    ] as const;
    for (const [path, name, shown] of pages) {
      await admin.goto(`${app.url}${path}`);
      await shown.waitFor();
      const sideways = await admin.evaluate(
        () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
      );
      expect(sideways, `${path} scrolls sideways`).toBe(false);
      await shoot(name);
    }
    await admin.getByRole('button', { name: /^Who can see Ledger/ }).click();
    await admin.getByRole('dialog', { name: 'Who can see Ledger?' }).waitFor();
    await shoot('source-access-panel-phone');
    await admin.keyboard.press('Escape');
    await admin.setViewportSize({ width: 1440, height: 900 });
    expect(problems).toEqual([]);
  });
});
