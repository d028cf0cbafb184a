import type { DataSource } from 'typeorm';
import { describe, expect, it } from 'vitest';
import { bestCoverage, citationsSupport } from './answer-coverage.js';
import { lexemesOf, type LexemeCache } from './lexemes.js';

/** A database whose to_tsvector lower-cases and splits on non-letters; it records each batch. */
function fakeDb() {
  const batches: string[][] = [];
  const db = {
    query: async (_sql: string, [texts]: [string[]]) => {
      batches.push(texts);
      return texts.map((t) => ({
        lexemes: t
          .toLowerCase()
          .split(/[^a-z]+/)
          .filter(Boolean),
      }));
    },
  } as unknown as DataSource;
  return { db, batches };
}

describe('lexemesOf', () => {
  it('analyses each distinct text once and answers in the order asked', async () => {
    const { db, batches } = fakeDb();
    const out = await lexemesOf(db, ['Fire exit', 'Assembly point', 'Fire exit']);
    expect(batches).toEqual([['Fire exit', 'Assembly point']]);
    expect(out.map((s) => [...s])).toEqual([
      ['fire', 'exit'],
      ['assembly', 'point'],
      ['fire', 'exit'],
    ]);
  });

  it('does not send again what the same request analysed, and adds what it analyses', async () => {
    const { db, batches } = fakeDb();
    const known: LexemeCache = new Map([['Fire exit', new Set(['cached'])]]);
    const out = await lexemesOf(db, ['Fire exit', 'Roof access'], known);
    expect(batches).toEqual([['Roof access']]);
    expect([...out[0]]).toEqual(['cached']);
    expect(known.has('Roof access')).toBe(true);
    await lexemesOf(db, ['Roof access'], known);
    expect(batches).toHaveLength(1);
  });
});

describe('bestCoverage', () => {
  const weights = new Map([
    ['assembly', 1],
    ['car', 1],
    ['park', 1],
  ]);
  const passage = {
    title: 'Fire safety',
    text: 'The assembly point is outside. Staff walk there calmly. Visitors are led by a warden. It is the car park.',
  };

  it('reads a place as its title and two consecutive sentences, each sentence analysed once', async () => {
    const { db, batches } = fakeDb();
    // "assembly" and "car park" are three sentences apart: no place holds all three words.
    const share = await bestCoverage(db, weights, [passage]);
    expect(share).toBeCloseTo(2 / 3);
    const sent = batches.flat();
    expect(new Set(sent).size).toBe(sent.length);
    expect(sent).toContain('Fire safety');
    const near = await bestCoverage(fakeDb().db, weights, [
      { ...passage, text: 'The assembly point is outside. It is the car park.' },
    ]);
    expect(near).toBe(1);
  });

  it('shares what it analysed with a later call of the same request', async () => {
    const { db, batches } = fakeDb();
    const known: LexemeCache = new Map();
    await bestCoverage(db, weights, [passage], known);
    await lexemesOf(db, ['Staff walk there calmly.'], known);
    expect(batches).toHaveLength(1);
  });
});

describe('citationsSupport', () => {
  const passages = new Map([
    [
      1,
      {
        title: 'Travel',
        text: 'Business class is only possible with written approval from the CFO.',
      },
    ],
  ]);

  it('keeps an answer that restates the question around what the passage says', async () => {
    const sentences = [
      {
        text: 'If you want to fly business on a long haul trip abroad next month, the person who needs to sign off is the CFO, in writing',
        cites: [1],
      },
    ];
    const question =
      'Who needs to sign off if I want to fly business on a long haul trip abroad next month?';
    expect(await citationsSupport(fakeDb().db, sentences, passages, question)).toBe(true);
    // Without the question, its words count as claims the passage does not hold.
    expect(await citationsSupport(fakeDb().db, sentences, passages)).toBe(false);
  });

  it('still refuses a claim the cited passage does not hold', async () => {
    const sentences = [{ text: 'Parental leave is sixteen weeks for everyone', cites: [1] }];
    expect(
      await citationsSupport(fakeDb().db, sentences, passages, 'How long is parental leave?'),
    ).toBe(false);
  });
});
