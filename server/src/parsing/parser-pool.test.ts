import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { ParseError, ParserPool } from './index.js';

const FIXTURES = new URL('../../test/fixtures/office/', import.meta.url);
const MISBEHAVING = new URL('workers/misbehaving-worker.mjs', FIXTURES);
const read = (name: string) => new Uint8Array(fs.readFileSync(new URL(name, FIXTURES)));

let pool: ParserPool | undefined;
afterEach(async () => {
  await pool?.close();
  pool = undefined;
});

describe('ParserPool', () => {
  it('parses many files with a few reused workers', async () => {
    pool = new ParserPool({ size: 2, timeoutMs: 60_000 });
    const names = [
      'expense-rules.txt',
      'incident-runbook.docx',
      'team-budget.xlsx',
      'sales-kickoff.ppt',
      'remote-work.pdf',
    ];
    const docs = await Promise.all([...names, ...names].map((n) => pool!.parse(read(n), n)));
    expect(docs.map((d) => d.format)).toEqual([
      'txt',
      'docx',
      'xlsx',
      'ppt',
      'pdf',
      'txt',
      'docx',
      'xlsx',
      'ppt',
      'pdf',
    ]);
    expect(docs.every((d) => d.sections.length > 0)).toBe(true);
  });

  it('replaces a worker that hangs, failing only its file', async () => {
    pool = new ParserPool({ size: 1, timeoutMs: 400, workerModule: MISBEHAVING });
    const error = await pool.parse(new Uint8Array(1), 'hang').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ParseError);
    expect((error as ParseError).code).toBe('TIMEOUT');
    const exited = await pool.parse(new Uint8Array(1), 'exit').catch((e: unknown) => e);
    expect((exited as ParseError).code).toBe('CORRUPT');
  });

  it('keeps working after a worker runs out of heap', async () => {
    pool = new ParserPool({
      size: 1,
      timeoutMs: 20_000,
      maxMemoryMb: 32,
      workerModule: MISBEHAVING,
    });
    const error = await pool.parse(new Uint8Array(1), 'heap').catch((e: unknown) => e);
    expect((error as ParseError).code).toBe('OUT_OF_MEMORY');
    await pool.close();
    pool = new ParserPool({ size: 1, timeoutMs: 20_000 });
    const doc = await pool.parse(read('expense-rules.txt'), 'expense-rules.txt');
    expect(doc.format).toBe('txt');
  });

  it('refuses work after close', async () => {
    const closing = new ParserPool({ size: 1 });
    await closing.close();
    await expect(closing.parse(read('expense-rules.txt'), 'a.txt')).rejects.toBeInstanceOf(
      ParseError,
    );
  });
});
