import { describe, expect, it } from 'vitest';
import { COVERAGE, coveredShare, coverageWeights, namesIn } from './answer-coverage.js';

describe('coverageWeights', () => {
  const terms = [
    { lexeme: 'week', idf: 1.2 },
    { lexeme: 'leav', idf: 2.5 },
    { lexeme: 'get', idf: 0.4 },
  ];

  it('weighs known words by IDF, leaves question filler out, and gives unknown words the rarest weight', () => {
    const w = coverageWeights(terms, ['parent']);
    expect(w.get('week')).toBe(1.2);
    expect(w.has('get')).toBe(false);
    expect(w.get('parent')).toBe(2.5 * COVERAGE.unknownWeight);
    // A passage on leave that never says "parental" covers too little of the question.
    expect(coveredShare(w, ['week', 'leav'])).toBeLessThan(COVERAGE.minimum);
    expect(coveredShare(w, ['week', 'leav', 'parent'])).toBe(1);
  });

  it('weighs an unknown name heavier than an unknown word', () => {
    const w = coverageWeights(
      [
        { lexeme: 'manag', idf: 2 },
        { lexeme: 'offic', idf: 1 },
      ],
      ['tokyo'],
      new Set(['tokyo']),
    );
    expect(w.get('tokyo')).toBe(2 * COVERAGE.unknownNameWeight);
    expect(coveredShare(w, ['manag', 'offic'])).toBeLessThan(COVERAGE.minimum);
  });

  it('counts only the question’s own words when it has any; a follow-up without any, its carried ones', () => {
    const own = coverageWeights(
      [
        { lexeme: 'contractor', idf: 2 },
        { lexeme: 'vacat', idf: 3, weight: 0.25, carried: true },
      ],
      [],
    );
    expect([...own.keys()]).toEqual(['contractor']);
    const carriedOnly = coverageWeights(
      [{ lexeme: 'vacat', idf: 3, weight: 0.25, carried: true }],
      [],
    );
    expect([...carriedOnly.keys()]).toEqual(['vacat']);
  });

  it('is 0 when there is nothing to cover', () => {
    expect(coveredShare(new Map(), ['a'])).toBe(0);
  });
});

it('namesIn finds the capitalised words after the first', () => {
  expect(namesIn('Who manages the Tokyo office, and is VPN on?')).toEqual(['Tokyo', 'VPN']);
  expect(namesIn('Where is it? I wonder')).toEqual([]);
});

it('coveredShare counts a stem of the same family ("owns" and "Owner")', () => {
  const w = new Map([
    ['own', 2],
    ['budget', 2],
  ]);
  expect(coveredShare(w, ['owner', 'budget'])).toBe(1);
  expect(coveredShare(new Map([['owner', 1]]), ['own'])).toBe(1);
  expect(coveredShare(new Map([['car', 1]]), ['card'])).toBe(0);
});
