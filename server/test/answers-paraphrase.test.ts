import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAdmin, type Account } from './helpers/accounts.js';
import { uploadText } from './helpers/knowledge.js';
import { startTestApp, type TestApp } from './helpers/test-app.js';

/**
 * Answers that hold on questions asked in other words than the pages' (issue 41): the examples
 * an outside answer set found, each reproduced with pages written for this test (extractive).
 */

const PAGES: Record<string, string> = {
  'travel-rules.txt': [
    'Travel rules',
    'Book every trip through Navan at least 14 days before departure.',
    'Economy class for flights up to 6 hours. Business class is only possible with written approval from the CFO.',
    'Trains are booked in standard class.',
  ].join('\n'),
  'parcel-dispatch.txt': [
    'Parcel dispatch',
    'Courier collections are booked in the shipping portal no later than 15:00 on the working day before collection.',
    'Parcels over 20 kg go on a pallet.',
  ].join('\n'),
  'offices.md': [
    '# Our offices',
    '',
    'Halden office: Tollbodgata 7, 1771 Halden. Office manager: Ingrid Solberg.',
    '',
    'Tromsø office: Storgata 88, 9008 Tromsø. Office manager: Kari Nilsen.',
  ].join('\n'),
  'account-security.txt': [
    'Account security',
    'Passwords must be at least 14 characters long and are never reused.',
    'Multi-factor authentication is required for email and the VPN.',
  ].join('\n'),
  'cluster-notes.md': [
    '# Cluster notes',
    '',
    'Connect with the script below.',
    '',
    '```bash',
    '# The licence number of the Oslo render cluster is RQ-5521',
    'render-cli login --cluster oslo',
    '```',
  ].join('\n'),
  'quillmark-faq.md': [
    '# Quillmark: frequently asked questions',
    '',
    '## Which file formats does Quillmark import?',
    '',
    'Quillmark imports DOCX, ODT and Markdown files.',
    '',
    '## Is there an offline mode?',
    '',
    'Yes: the desktop app works offline and syncs when it reconnects.',
  ].join('\n'),
  'postmortem.txt': [
    'Postmortem: INC-2290, Quillmark sync outage',
    'On 3 June the sync service stopped for 95 minutes after a certificate expired.',
    'The certificate is now renewed automatically 30 days before it expires.',
  ].join('\n'),
  'plans.md': [
    '# Plans',
    '',
    '| Plan | Price per month | Includes |',
    '|---|---|---|',
    '| Starter | EUR 9 | 3 projects, email support |',
    '| Team | EUR 29 | unlimited projects, shared folders |',
    '| Enterprise | EUR 99 | single sign-on, audit log, a named account manager |',
  ].join('\n'),
};

let app: TestApp;
let admin: Account;

beforeAll(async () => {
  app = await startTestApp();
  admin = await newAdmin(app);
  for (const [name, text] of Object.entries(PAGES)) await uploadText(app, admin, name, text);
}, 180_000);
afterAll(async () => {
  await app?.stop();
});

interface Answer {
  answer: string;
  found: boolean;
  sources: { title: string }[];
}
async function ask(
  question: string,
  conversationId?: string,
): Promise<{ answer: Answer; conversationId: string; searchQuery: string }> {
  const res = await app.rest(
    'POST',
    '/api/ask',
    { question, conversationId },
    { token: admin.token },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

describe('a question in other words than the page’s is answered', () => {
  it.each([
    ['Who needs to sign off if I want to fly business?', 'written approval from the CFO'],
    [
      "What's the latest I can ask for a courier collection?",
      'no later than 15:00 on the working day before collection',
    ],
    ['What is the address of the Halden office?', 'Tollbodgata 7'],
    ['What is the minimum password length?', 'at least 14 characters'],
  ])('%s', async (question, fact) => {
    const { answer } = await ask(question);
    expect(answer.found, answer.answer).toBe(true);
    expect(answer.answer).toContain(fact);
  });

  it('quotes a fact a code block holds as a comment', async () => {
    const { answer } = await ask('What is the licence number of the Oslo render cluster?');
    expect(answer.found, answer.answer).toBe(true);
    expect(answer.answer).toContain('RQ-5521');
  });
});

describe('never a question line, a heading or a title as the answer', () => {
  it('answers an FAQ with the answer under the question, not the question', async () => {
    const { answer } = await ask('What file formats can Quillmark import?');
    expect(answer.answer).toContain('DOCX, ODT and Markdown');
    expect(answer.answer).not.toContain('Which file formats');
  });

  it('does not give the document’s title as the answer', async () => {
    const { answer } = await ask('How long did the INC-2290 sync outage last?');
    expect(answer.answer).toContain('95 minutes');
    expect(answer.answer).not.toMatch(/^Postmortem: INC-2290/);
  });

  it('quotes the table row asked about, with its headers, not every row', async () => {
    const { answer } = await ask('What does the Enterprise plan include?');
    expect(answer.answer).toContain('Plan: Enterprise');
    expect(answer.answer).toContain('single sign-on');
    expect(answer.answer).not.toContain('Starter');
  });
});

describe('follow-ups', () => {
  it('"And the Tromsø one?" is the first question with the new name in place', async () => {
    const first = await ask('Who manages the Halden office?');
    expect(first.answer.answer).toContain('Ingrid Solberg');
    const next = await ask('And the Tromsø one?', first.conversationId);
    expect(next.searchQuery).toBe('Who manages the Tromsø office?');
    expect(next.answer.found, next.answer.answer).toBe(true);
    expect(next.answer.answer).toContain('Kari Nilsen');
  });

  it('is not found when the restated question would not be', async () => {
    const first = await ask('Who manages the Halden office?');
    const next = await ask('And the Bergen one?', first.conversationId);
    expect(next.searchQuery).toBe('Who manages the Bergen office?');
    expect(next.answer.found, next.answer.answer).toBe(false);
  });
});
