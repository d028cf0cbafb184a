import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAI } from '../../server/test/helpers/fake-openai.js';
import { AppShell } from '../pages/app-shell.js';
import { startAppServer, type AppServer } from '../support/app-server.js';
import { screenshot } from '../support/browser.js';
import { signedInAdmin } from '../support/signed-in.js';

/**
 * A bot on the user's own key (a loopback fake of OpenAI): save the key, create the bot, attach
 * a fixture document, ask it, see the answer and the log entry, delete it.
 */
const FIXTURE = path.resolve(
  import.meta.dirname,
  '..',
  '..',
  'server',
  'test',
  'fixtures',
  'office',
  'fire-safety.doc',
);
const KEY = 'sk-e2e-owner-key-4821';
const QUESTION = 'Where is the fire assembly point for the Montreal office?';

let fake: FakeOpenAI;
let app: AppServer;
let browser: Browser;
let page: Page;
const admin = { email: 'bots@example.com', password: 'correct horse battery' };

beforeAll(async () => {
  fake = await startFakeOpenAI({ apiKey: KEY });
  // The fake writes its answer from the passage it was given, so the fact must come through.
  fake.reply((req) => {
    const prompt = JSON.stringify(req.body.messages);
    return prompt.includes('Lafontaine')
      ? { kind: 'answer', text: 'Gather on the north side of Parc Lafontaine [1].' }
      : { kind: 'answer', text: 'The sources do not cover this.' };
  });
  app = await startAppServer({ OPENAI_BASE_URL: fake.url });
  ({ browser, page } = await signedInAdmin(app, admin));
  // The document, uploaded through the REST flow (the dialog has its own e2e).
  const signIn = await fetch(`${app.url}/api/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(admin),
  });
  const { token } = (await signIn.json()) as { token: string };
  const auth = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
  const ticket = (await (
    await fetch(`${app.url}/api/integrations/get-upload-url`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ fileName: 'fire-safety.doc' }),
    })
  ).json()) as { uploadUrl: string; fileKey: string };
  await fetch(ticket.uploadUrl, { method: 'PUT', body: fs.readFileSync(FIXTURE) });
  await fetch(`${app.url}/api/integrations/confirm-upload`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({ fileKey: ticket.fileKey }),
  });
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await fake?.close();
});

describe('Bots', () => {
  it('asks for the provider key on the bots screen and stores it masked', async () => {
    await page.goto(`${app.url}/app/bots`);
    const modal = page.getByRole('dialog', { name: 'Add your OpenAI API key' });
    await modal.waitFor();
    await modal.getByText('Securely stored with AES256 encryption.').waitFor();
    await modal.getByLabel('API Key').fill(KEY);
    await screenshot(page, 'bots-key-modal');
    await modal.getByRole('button', { name: 'Save' }).click();
    await modal.waitFor({ state: 'hidden' });
    expect(page.url()).toMatch(/\/app\/bots$/);
  });

  it('creates a bot and lands on it', async () => {
    await page.getByRole('button', { name: 'Create New Bot' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create a new Lumen bot' });
    await dialog.getByLabel('Name').fill('Safety bot');
    await dialog.getByLabel('Description').fill('Answers safety questions');
    await dialog.getByLabel('GPT-4o (omni) - Recommended').check();
    await dialog.getByRole('button', { name: 'Create Bot' }).click();
    await page.waitForURL(/\/app\/bots\/[0-9a-f-]+$/);
    await page.getByRole('heading', { name: 'Safety bot' }).first().waitFor();
  });

  it('attaches the fixture document and answers from it on the owner’s key', async () => {
    await page.getByRole('button', { name: '+ New Source' }).click();
    const card = page.getByRole('region', { name: 'Workspace source' });
    await card.getByRole('combobox', { name: 'Source' }).click();
    await page.getByRole('option', { name: /Uploaded files/ }).click();
    await card.getByRole('button', { name: 'Attach' }).click();
    await page
      .getByRole('list', { name: 'Attached sources' })
      .getByText('Uploaded files')
      .waitFor();

    const input = page.getByPlaceholder('Ask me anything...');
    await input.fill(QUESTION);
    await input.press('Enter');
    const turn = page.getByRole('article', { name: QUESTION });
    await turn.getByText(/Parc Lafontaine/).waitFor();
    await turn
      .getByRole('link', { name: /fire-safety/ })
      .first()
      .waitFor();
    await screenshot(page, 'bot-detail-chat');
    const request = fake.requests.at(-1)!;
    expect(request.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(request.body.model).toBe('gpt-4o');
  });

  it('shows the question in the log and the reports', async () => {
    await page.getByRole('tab', { name: 'Logs' }).click();
    await page.getByRole('table', { name: 'Bot log' }).getByText(QUESTION).waitFor();
    await screenshot(page, 'bot-detail-logs');
    await page.getByRole('tab', { name: 'Reports' }).click();
    await page.getByText('Questions per day').waitFor();
    await screenshot(page, 'bot-detail-reports');
    await new AppShell(page).toggleColorScheme();
    await screenshot(page, 'bot-detail-reports-dark');
    await page.goto(`${app.url}/app/bots`);
    await page.getByRole('row', { name: 'Safety bot' }).waitFor();
    await screenshot(page, 'bots-list-dark');
    await new AppShell(page).toggleColorScheme();
    await page.getByRole('row', { name: 'Safety bot' }).click();
    await page.waitForURL(/\/app\/bots\/[0-9a-f-]+$/);
  });

  it('answers visitors on the public chat link without signing in', async () => {
    const link = await page.getByRole('textbox', { name: /chat link/i }).inputValue();
    const visitor = await browser.newContext({ viewport: { width: 1024, height: 800 } });
    const guest = await visitor.newPage();
    await guest.goto(link);
    const input = guest.getByLabel('Your question');
    await input.fill(QUESTION);
    await input.press('Enter');
    await guest
      .getByRole('log', { name: 'Conversation' })
      .getByText(/Parc Lafontaine/)
      .waitFor();
    await screenshot(guest, 'public-chat');
    await visitor.close();
  });

  it('quotes the sources, labelled in full, when the provider fails', async () => {
    fake.reply(() => ({ kind: 'error', status: 500 }));
    // In the document's own words: an answer quoted without a model needs them (a model is
    // given looser matches, such as "where do we gather after a fire alarm").
    const question = 'Where is the fire assembly point of the Montreal office?';
    const input = page.getByPlaceholder('Ask me anything...');
    await input.fill(question);
    await input.press('Enter');
    const turn = page.getByRole('article', { name: question });
    const label = turn.getByText('Extracted from your sources — no AI model used');
    await label.waitFor();
    await turn
      .getByText(/Lafontaine/)
      .first()
      .waitFor();
    // The chat column is narrow: the label wraps rather than being cut with an ellipsis.
    expect(await label.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await screenshot(page, 'bot-detail-chat-extractive');
    await new AppShell(page).toggleColorScheme();
    await screenshot(page, 'bot-detail-chat-extractive-dark');
    await new AppShell(page).toggleColorScheme();
  });

  it('deletes the bot after confirmation', async () => {
    await page.getByRole('tab', { name: 'Settings' }).click();
    await page.getByRole('button', { name: 'Delete this bot' }).click();
    await page
      .getByRole('dialog', { name: 'Delete this bot?' })
      .getByRole('button', { name: 'Delete bot' })
      .click();
    await page.waitForURL(/\/app\/bots$/);
    await page.getByRole('heading', { name: 'Bots' }).first().waitFor();
    await expect
      .poll(() => page.getByRole('row', { name: 'Safety bot' }).count(), { timeout: 10_000 })
      .toBe(0);
    await screenshot(page, 'bots-list-after-delete');
  });
});
