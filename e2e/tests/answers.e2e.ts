import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppShell } from '../pages/app-shell.js';
import { startAppServer, type AppServer } from '../support/app-server.js';
import { screenshot } from '../support/browser.js';
import { lowContrastControls } from '../support/contrast.js';
import { signedInAdmin } from '../support/signed-in.js';

/**
 * Answers people can trust (offline, extractive): a follow-up answered from the document it asks
 * about, and a question the sources do not cover answered as such, never dressed up as an
 * extract. The office fixtures hold one fact each (the `.q` sidecars name it).
 */
const OFFICE = path.resolve(
  import.meta.dirname,
  '..',
  '..',
  'server',
  'test',
  'fixtures',
  'office',
);
const FILES = fs
  .readdirSync(OFFICE)
  .filter((name) => fs.statSync(path.join(OFFICE, name)).isFile())
  .filter((name) => !name.endsWith('.q') && name !== 'README.md');

const FIRST = 'Where is the fire assembly point for the Montreal office?';
const FOLLOW_UP = 'And who manages the Ottawa office?';
const OFF_TOPIC = 'How many weeks of parental leave do we get?';
const NOT_FOUND = "I couldn't find anything about this in your sources.";
const EXTRACTIVE_LABEL = 'Extracted from your sources — no AI model used';

let app: AppServer;
let browser: Browser;
let page: Page;
let token: string;
const admin = { email: 'answers@example.com', password: 'correct horse battery' };

async function graphql<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const res = await fetch(`${app.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as { data?: T; errors?: { message: string }[] };
  if (!body.data) throw new Error(`GraphQL failed: ${JSON.stringify(body.errors)}`);
  return body.data;
}

/** Uploads a fixture over GraphQL multipart (as an API consumer would) and waits for indexing. */
async function upload(fileName: string) {
  const form = new FormData();
  form.append(
    'operations',
    JSON.stringify({
      query: 'mutation($f: Upload!) { uploadDocument(file: $f) { id } }',
      variables: { f: null },
    }),
  );
  form.append('map', JSON.stringify({ 0: ['variables.f'] }));
  form.append('0', new Blob([fs.readFileSync(path.join(OFFICE, fileName))]), fileName);
  const res = await fetch(`${app.url}/graphql`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'apollo-require-preflight': 'true' },
    body: form,
  });
  const uploaded = (await res.json()) as { data?: { uploadDocument: { id: string } } };
  if (!uploaded.data) throw new Error(`${fileName} was refused: ${JSON.stringify(uploaded)}`);
  const id = uploaded.data.uploadDocument.id;
  for (let i = 0; i < 600; i++) {
    const { document } = await graphql<{ document: { status: string } }>(
      'query($id: ID!) { document(id: $id) { status } }',
      { id },
    );
    if (document.status === 'indexed') return;
    if (document.status === 'failed') throw new Error(`${fileName} failed to index`);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${fileName} was not indexed`);
}

/** What the server answered: the `done` event of the answer stream the page read. */
interface Done {
  answer: string;
  found: boolean;
  searchQuery: string;
  sources: { title: string }[];
  related: { title: string }[];
}

/**
 * Keeps the text of every answer stream the page reads (a copy: the page still streams), so a
 * test can say exactly what the server answered.
 */
function recordAnswerStreams(target: Page) {
  return target.addInitScript(() => {
    const streams: string[] = [];
    (window as unknown as { __answerStreams: string[] }).__answerStreams = streams;
    const original = window.fetch.bind(window);
    window.fetch = async (input, init) => {
      const response = await original(input, init);
      const url = input instanceof Request ? input.url : String(input);
      if (url.endsWith('/api/ask/stream'))
        void response
          .clone()
          .text()
          .then((text) => streams.push(text));
      return response;
    };
  });
}

/** Presses Enter in `box` and returns the stream's final answer once the page has it. */
async function askOnPage(box: ReturnType<Page['getByRole']>, question: string): Promise<Done> {
  const streams = () =>
    page.evaluate(() => (window as unknown as { __answerStreams: string[] }).__answerStreams);
  const before = (await streams()).length;
  await box.fill(question);
  await box.press('Enter');
  await page.waitForFunction(
    (n) => (window as unknown as { __answerStreams: string[] }).__answerStreams.length > n,
    before,
    { timeout: 30_000 },
  );
  const text = (await streams())[before];
  const done = text
    .split(/\n\n/)
    .find((event) => event.startsWith('event: done'))
    ?.replace(/^event: done\ndata: /, '');
  if (!done) throw new Error(`No answer for "${question}": ${text}`);
  return JSON.parse(done) as Done;
}

const firstSentence = (answer: string) => answer.split(/(?<=[.!?])\s+|\n/)[0] ?? '';

beforeAll(async () => {
  app = await startAppServer();
  ({ browser, page } = await signedInAdmin(app, admin));
  await recordAnswerStreams(page);
  const signIn = await fetch(`${app.url}/api/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(admin),
  });
  ({ token } = (await signIn.json()) as { token: string });
  for (const name of FILES) await upload(name);
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const answerPanel = () => page.getByRole('region', { name: 'Answer' });
const ANSWER_PANEL = 'section[aria-labelledby="answer-heading"]';
/** An answered turn (the one in flight has no vote buttons yet). */
const answered = async (question: string) => {
  const turn = answerPanel().getByRole('article', { name: question, exact: true });
  await turn.getByRole('button', { name: 'Helpful', exact: true }).waitFor();
  return turn;
};

describe('Answers', () => {
  it('answers a follow-up from the document it asks about', async () => {
    await page.goto(`${app.url}/app/dashboard`);
    const box = page.getByRole('textbox', { name: 'Your question' });

    const first = await askOnPage(box, FIRST);
    expect(first.found, `First answer: ${JSON.stringify(first)}`).toBe(true);
    expect(first.answer).toContain('Lafontaine');
    const firstTurn = await answered(FIRST);
    await firstTurn.getByText('Lafontaine', { exact: false }).first().waitFor();
    await page.waitForURL(/\/app\/dashboard\?conversation=[0-9a-f-]{36}$/);

    const followUp = await askOnPage(box, FOLLOW_UP);
    const report = `Follow-up answer: ${JSON.stringify(followUp)}`;
    expect(followUp.found, report).toBe(true);
    expect(followUp.answer, report).toContain('Rafael');
    // It answers what was asked: the Montreal assembly point is not its opening sentence.
    expect(firstSentence(followUp.answer), report).not.toMatch(/Lafontaine|Montreal/i);
    // The follow-up's own words lead; the carried words follow in parentheses.
    expect(followUp.searchQuery, report).toMatch(/^And who manages the Ottawa office\?/);
    const turn = await answered(FOLLOW_UP);
    await turn.getByText('Rafael', { exact: false }).first().waitFor();
    await turn.getByRole('region', { name: 'Sources' }).getByRole('link').first().waitFor();
    // Extractive (no key) and found: the label stays.
    await turn.getByText(EXTRACTIVE_LABEL).waitFor();
    await screenshot(page, 'answers-found-home');
    await new AppShell(page).toggleColorScheme();
    await screenshot(page, 'answers-found-home-dark');
    await new AppShell(page).toggleColorScheme();
  });

  it('says so when the sources do not cover a question, without the extractive label', async () => {
    await answerPanel().getByRole('button', { name: 'New conversation' }).click();
    await expect.poll(() => page.url()).toMatch(/\/app\/dashboard$/);
    const box = page.getByRole('textbox', { name: 'Your question' });

    const done = await askOnPage(box, OFF_TOPIC);
    const report = `Answer: ${JSON.stringify(done)}`;
    expect(done.found, report).toBe(false);
    expect(done.sources, report).toEqual([]);
    expect(done.answer, report).toContain(NOT_FOUND);

    // Once the answer starts a conversation it is read back from the server: it must stay shown
    // as not found then too.
    await page.waitForURL(/\/app\/dashboard\?conversation=[0-9a-f-]{36}$/);
    await page.waitForLoadState('networkidle');
    const turn = await answered(OFF_TOPIC);
    expect(await turn.getByRole('note').textContent()).toContain(NOT_FOUND);
    expect(await turn.getByText(EXTRACTIVE_LABEL).count()).toBe(0);
    expect(await turn.getByRole('region', { name: 'Sources' }).count()).toBe(0);
    const mightBe = turn.getByRole('region', { name: 'Might be related' });
    if (done.related.length > 0) {
      await mightBe.getByRole('heading', { name: 'Might be related' }).waitFor();
      expect(await mightBe.getByRole('link').count()).toBe(done.related.length);
      await mightBe.getByRole('link', { name: done.related[0].title, exact: true }).waitFor();
    } else {
      expect(await mightBe.count()).toBe(0);
    }
    await screenshot(page, 'answers-not-found-home');
    expect(await lowContrastControls(page, ANSWER_PANEL)).toEqual([]);
    await new AppShell(page).toggleColorScheme();
    await screenshot(page, 'answers-not-found-home-dark');
    expect(await lowContrastControls(page, ANSWER_PANEL)).toEqual([]);
    await new AppShell(page).toggleColorScheme();
  });

  it('shows the same on the search page', async () => {
    await page.goto(`${app.url}/app/search?q=${encodeURIComponent(OFF_TOPIC)}`);
    const result = page.getByRole('region', { name: 'Search result' });
    await result.getByRole('note').getByText(NOT_FOUND, { exact: false }).waitFor();
    expect(await result.getByText(EXTRACTIVE_LABEL).count()).toBe(0);
    expect(await result.getByRole('heading', { name: 'Sources' }).count()).toBe(0);
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'answers-not-found-search');
    await new AppShell(page).toggleColorScheme();
    await screenshot(page, 'answers-not-found-search-dark');
    await new AppShell(page).toggleColorScheme();

    await page.goto(`${app.url}/app/search?q=${encodeURIComponent(FIRST)}`);
    await result.getByText('Lafontaine', { exact: false }).first().waitFor();
    await result.getByText(EXTRACTIVE_LABEL).waitFor();
    expect(await result.getByRole('region', { name: 'Might be related' }).count()).toBe(0);
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'answers-found-search');
    await new AppShell(page).toggleColorScheme();
    await screenshot(page, 'answers-found-search-dark');
    await new AppShell(page).toggleColorScheme();
  });

  it('answers the same way in a bot’s chat', async () => {
    const { createBot } = await graphql<{ createBot: { id: string } }>(
      'mutation($input: BotInput!) { createBot(input: $input) { id } }',
      { input: { name: 'Office bot', description: 'Office questions', language: 'en' } },
    );
    const { sources } = await graphql<{ sources: { id: string; name: string }[] }>(
      '{ sources { id name } }',
    );
    for (const source of sources)
      await graphql(
        'mutation($b: ID!, $s: ID) { attachBotSource(botId: $b, sourceId: $s) { id } }',
        {
          b: createBot.id,
          s: source.id,
        },
      );
    await page.goto(`${app.url}/app/bots/${createBot.id}`);
    const box = page.getByRole('textbox', { name: 'Ask Office bot' });

    await box.fill(FIRST);
    await box.press('Enter');
    const found = page.getByRole('article', { name: FIRST });
    await found.getByText('Lafontaine', { exact: false }).first().waitFor();
    await found.getByText(EXTRACTIVE_LABEL).waitFor();
    expect(await found.getByRole('note').count()).toBe(0);
    await screenshot(page, 'answers-found-bot');
    await new AppShell(page).toggleColorScheme();
    await screenshot(page, 'answers-found-bot-dark');
    await new AppShell(page).toggleColorScheme();

    await page.getByRole('button', { name: 'New conversation' }).click();
    await box.fill(OFF_TOPIC);
    await box.press('Enter');
    const offTopic = page.getByRole('article', { name: OFF_TOPIC });
    await offTopic.getByRole('note').getByText(NOT_FOUND, { exact: false }).waitFor();
    expect(await offTopic.getByText(EXTRACTIVE_LABEL).count()).toBe(0);
    await screenshot(page, 'answers-not-found-bot');
    await new AppShell(page).toggleColorScheme();
    await screenshot(page, 'answers-not-found-bot-dark');
    await new AppShell(page).toggleColorScheme();
  });
});
