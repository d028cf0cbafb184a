import { afterEach, describe, expect, it } from 'vitest';
import { documentRanking } from './document-ranking.js';
import { RANKING } from './ranking.js';

const chunk = (documentId: string, score: number, n = 0) => ({
  chunkId: `${documentId}-${n}`,
  documentId,
  score,
});
// Ranked by passage: "a" has the best passage, "b" two good ones, "c" one weak one.
const ranked = [chunk('a', 10), chunk('b', 8), chunk('b', 7, 1), chunk('c', 3), chunk('a', 1, 1)];
const configured = RANKING.passageSupport;
afterEach(() => {
  RANKING.passageSupport = configured;
});

describe('documentRanking', () => {
  it('ranks each document once at its best passage when passages add nothing', () => {
    RANKING.passageSupport = 0;
    expect(documentRanking(ranked).map((c) => c.chunkId)).toEqual(['a-0', 'b-0', 'c-0']);
  });

  it("lets a document's next passages lift it, at passageSupport per place", () => {
    RANKING.passageSupport = 0.5;
    // a: 10 + 0.5 × 1 = 10.5; b: 8 + 0.5 × 7 = 11.5.
    expect(documentRanking(ranked).map((c) => c.chunkId)).toEqual(['b-0', 'a-0', 'c-0']);
  });

  it('counts at most passagesPerDocument passages of a document', () => {
    RANKING.passageSupport = 1;
    const many = [
      chunk('a', 5),
      chunk('b', 4),
      chunk('b', 4, 1),
      chunk('b', 4, 2),
      chunk('b', 4, 3),
    ];
    const perDocument = RANKING.passagesPerDocument;
    RANKING.passagesPerDocument = 1;
    try {
      expect(documentRanking(many)[0].documentId).toBe('a');
    } finally {
      RANKING.passagesPerDocument = perDocument;
    }
    expect(documentRanking(many)[0].documentId).toBe('b');
  });
});
