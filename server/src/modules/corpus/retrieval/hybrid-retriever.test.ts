import { describe, expect, it } from 'vitest';
import { fuse, HYBRID } from './hybrid-retriever.js';

const chunk = (id: string) => ({ chunkId: id, documentId: `doc-${id}`, score: 0 });

describe('fuse (reciprocal rank fusion)', () => {
  it('sums reciprocal ranks; ties keep the lexical order', () => {
    // Words: a, b, c, d. Meaning: d, b, c, a. b is second in both: first. a and d tie.
    const fused = fuse(
      [chunk('a'), chunk('b'), chunk('c'), chunk('d')],
      new Map([
        ['d', 1],
        ['b', 2],
        ['c', 3],
        ['a', 4],
      ]),
    );
    expect(fused.map((c) => c.chunkId)).toEqual(['b', 'a', 'd', 'c']);
    const k = HYBRID.rrfK;
    expect(fused[0].score).toBeCloseTo(1 / (k + 2) + 1 / (k + 2), 12);
  });

  it('keeps the lexical share for a chunk without a vector yet', () => {
    const fused = fuse([chunk('a'), chunk('b')], new Map([['b', 1]]));
    expect(fused.map((c) => c.chunkId)).toEqual(['b', 'a']);
    expect(fused[1].score).toBeCloseTo(1 / (HYBRID.rrfK + 1), 12);
  });
});
