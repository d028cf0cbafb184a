import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import type { Account } from './accounts.js';
import type { TestApp } from './test-app.js';
import { FIXTURES, fixture, uploadFile, waitForDocument } from './uploads.js';

export interface FixtureQuestion {
  file: string;
  question: string;
  expected: string;
  documentId: string;
}

/** Uploads every office fixture and waits for indexing; returns each fixture's question. */
export async function uploadAllFixtures(app: TestApp, user: Account): Promise<FixtureQuestion[]> {
  const files = fs
    .readdirSync(FIXTURES)
    .filter((f) => fs.existsSync(path.join(FIXTURES, `${f}.q`)));
  const out: FixtureQuestion[] = [];
  for (const file of files) {
    const { confirm } = await uploadFile(app, user, file, fixture(file));
    expect(confirm?.status, file).toBe(200);
    const doc = await waitForDocument(app, user, confirm!.body.documentId);
    expect(doc.status, `${file}: ${doc.error}`).toBe('indexed');
    const [question, expected] = fs
      .readFileSync(path.join(FIXTURES, `${file}.q`), 'utf8')
      .trim()
      .split('\t');
    out.push({ file, question, expected, documentId: doc.id });
  }
  return out;
}

/** Uploads one text document and waits until it is indexed. */
export async function uploadText(app: TestApp, user: Account, fileName: string, text: string) {
  const { confirm } = await uploadFile(app, user, fileName, Buffer.from(text));
  expect(confirm?.status).toBe(200);
  const doc = await waitForDocument(app, user, confirm!.body.documentId);
  expect(doc.status).toBe('indexed');
  return doc.id as string;
}

/** Reads a server-sent-event stream into its events. */
export async function readEvents(res: Response): Promise<{ event: string; data: any }[]> {
  const text = await res.text();
  return text
    .split('\n\n')
    .filter((block) => block.trim())
    .map((block) => {
      const event = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
      const data = block
        .split('\n')
        .filter((l) => l.startsWith('data: '))
        .map((l) => l.slice(6))
        .join('\n');
      return { event, data: JSON.parse(data) };
    });
}
