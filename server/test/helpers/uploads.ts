import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import type { Account } from './accounts.js';
import type { TestApp } from './test-app.js';

export const FIXTURES = path.resolve(import.meta.dirname, '..', 'fixtures', 'office');

/** The three REST steps of an upload: URL, PUT, confirm. Returns each step's answer. */
export async function uploadFile(
  app: TestApp,
  user: Account,
  fileName: string,
  bytes: Buffer,
  extra: Record<string, unknown> = {},
) {
  const ticket = await app.rest(
    'POST',
    '/api/integrations/get-upload-url',
    {
      fileName,
      fileType: 'application/octet-stream',
      metadata: { uploadedAt: new Date().toISOString() },
      ...extra,
    },
    { token: user.token },
  );
  if (ticket.status !== 200) return { ticket, put: null, confirm: null };
  const fileType = String(extra.fileType ?? 'application/octet-stream');
  const put = await fetch(ticket.body.uploadUrl, {
    method: 'PUT',
    body: bytes,
    headers: { 'Content-Type': fileType },
  });
  const confirm = await app.rest(
    'POST',
    '/api/integrations/confirm-upload',
    {
      fileKey: ticket.body.fileKey,
      fileName,
      fileSize: bytes.length,
      fileType,
    },
    { token: user.token },
  );
  return { ticket, put, confirm };
}

export function fixture(name: string): Buffer {
  return fs.readFileSync(path.join(FIXTURES, name));
}

/** Polls the document until indexing settles (indexed or failed). */
export async function waitForDocument(
  app: TestApp,
  user: Account,
  documentId: string,
  timeoutMs = 30_000,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await app.graphqlRaw(
      `query($id: ID!) { document(id: $id) { id status error chunkCount progress title } }`,
      { id: documentId },
      user.token,
    );
    const doc = res.data?.document;
    expect(doc, JSON.stringify(res.errors)).toBeTruthy();
    if (doc.status === 'indexed' || doc.status === 'failed') return doc;
    if (Date.now() > deadline) throw new Error(`document still ${doc.status}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
