import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppShell } from '../pages/app-shell.js';
import { startAppServer, type AppServer } from '../support/app-server.js';
import { screenshot } from '../support/browser.js';
import { signedInAdmin } from '../support/signed-in.js';

/** Two documents where a follow-up needs the first question to find the right one (offline). */
const DOCUMENTS: [string, string][] = [
  [
    'leave-policy.txt',
    'Annual leave policy.\nEmployees get 25 days of paid annual leave each year. Contractors are not covered by the annual leave policy and get no paid leave; they agree their time off with their agency.',
  ],
  [
    'contractor-onboarding.txt',
    'Contractor onboarding.\nContractors sign the contractor agreement, receive a visitor badge and a laptop on their first day. Contractors send their invoices to accounts payable every month.',
  ],
];
const FIRST = 'How many days of annual leave do employees get?';
const FOLLOW_UP = 'What about contractors?';

let app: AppServer;
let browser: Browser;
let page: Page;
const admin = { email: 'threads@example.com', password: 'correct horse battery' };

/** Uploads over GraphQL multipart (as an API consumer would) and waits for indexing. */
async function upload(token: string, fileName: string, text: string) {
  const form = new FormData();
  form.append(
    'operations',
    JSON.stringify({
      query: 'mutation($f: Upload!) { uploadDocument(file: $f) { id } }',
      variables: { f: null },
    }),
  );
  form.append('map', JSON.stringify({ 0: ['variables.f'] }));
  form.append('0', new Blob([text]), fileName);
  const res = await fetch(`${app.url}/graphql`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'apollo-require-preflight': 'true' },
    body: form,
  });
  const id = ((await res.json()) as { data: { uploadDocument: { id: string } } }).data
    .uploadDocument.id;
  for (let i = 0; i < 300; i++) {
    const status = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ query: `{ document(id: "${id}") { status } }` }),
    }).then((r) => r.json() as Promise<{ data: { document: { status: string } } }>);
    if (status.data.document.status === 'indexed') return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${fileName} was not indexed`);
}

beforeAll(async () => {
  app = await startAppServer();
  ({ browser, page } = await signedInAdmin(app, admin));
  const signIn = await fetch(`${app.url}/api/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(admin),
  });
  const { token } = (await signIn.json()) as { token: string };
  for (const [name, text] of DOCUMENTS) await upload(token, name, text);
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const answerPanel = () => page.getByRole('region', { name: 'Answer' });
const turn = (question: string) => answerPanel().getByRole('article', { name: question });

describe('Conversations', () => {
  it('answers a follow-up in the context of the first question', async () => {
    await page.goto(`${app.url}/app/dashboard`);
    const box = page.getByRole('textbox', { name: 'Your question' });
    await box.fill(FIRST);
    await box.press('Enter');
    await turn(FIRST).getByText('25 days', { exact: false }).first().waitFor();
    await page.waitForURL(/\/app\/dashboard\?conversation=[0-9a-f-]{36}$/);

    await box.fill(FOLLOW_UP);
    await box.press('Enter');
    const followUp = turn(FOLLOW_UP);
    await followUp.getByText('Contractors are not covered', { exact: false }).first().waitFor();
    expect(
      await followUp.getByText(/^Searched for: What about contractors\?/).textContent(),
      // The first question's key words were carried into the search.
    ).toMatch(/contractors\? .*(annual|leave|employees|days)/i);
    expect(await followUp.getByRole('link', { name: /leave-policy/ }).count()).toBeGreaterThan(0);
  });

  it('takes a down-vote with a reason, kept after a reload', async () => {
    const followUp = turn(FOLLOW_UP);
    await followUp.getByRole('button', { name: 'Not helpful' }).click();
    const form = followUp.getByRole('form', { name: 'What was wrong with this answer?' });
    await form.getByText('Missing source').click();
    await form.getByLabel('Comment (optional)').fill('The agency contract says otherwise');
    await screenshot(page, 'conversation-feedback');
    await form.getByRole('button', { name: 'Send feedback' }).click();
    await followUp.getByText('Thanks for your feedback').waitFor();
    await screenshot(page, 'conversation-thread');

    await page.reload();
    await turn(FOLLOW_UP).waitFor();
    expect(await answerPanel().getByRole('article').count()).toBe(2);
    expect(
      await turn(FOLLOW_UP)
        .getByRole('button', { name: 'Not helpful' })
        .getAttribute('aria-pressed'),
    ).toBe('true');
    await new AppShell(page).toggleColorScheme();
    await screenshot(page, 'conversation-thread-dark');
    await new AppShell(page).toggleColorScheme();
  });

  it('lists the conversation in History and resumes it from there', async () => {
    await page.getByRole('link', { name: 'History' }).first().click();
    await page.waitForURL(/\/app\/history$/);
    const item = page.getByRole('listitem', { name: FIRST, exact: true });
    await item.waitFor();
    expect(await item.textContent()).toMatch(/2 (questions|turns)/i);
    await screenshot(page, 'history');
    await new AppShell(page).toggleColorScheme();
    await screenshot(page, 'history-dark');
    await new AppShell(page).toggleColorScheme();

    await page.reload();
    await item.getByRole('link', { name: /Resume/ }).click();
    await page.waitForURL(/\/app\/dashboard\?conversation=/);
    await turn(FOLLOW_UP)
      .getByText('Contractors are not covered', { exact: false })
      .first()
      .waitFor();
    expect(await answerPanel().getByRole('article').count()).toBe(2);
  });

  it('shows the down-vote to the admin under Analytics, without the conversation', async () => {
    await page.getByRole('link', { name: 'Analytics' }).first().click();
    await page.waitForURL(/\/app\/analytics$/);
    await page.getByText('Questions voted down most').waitFor();
    // One member's question stays theirs: the vote is counted, the question not listed (it
    // shows once three different members voted on it).
    await page
      .getByText('No shared question was voted down in this period.', { exact: false })
      .waitFor();
    expect(await page.getByText(FOLLOW_UP).count()).toBe(0);
    expect(await page.getByText('The agency contract says otherwise').count()).toBe(0);
    await screenshot(page, 'analytics');
    await new AppShell(page).toggleColorScheme();
    await screenshot(page, 'analytics-dark');
    await new AppShell(page).toggleColorScheme();
  });
});
