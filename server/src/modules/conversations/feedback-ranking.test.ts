import { describe, expect, it } from 'vitest';
import { FEEDBACK_RANKING, feedbackFactors, type FeedbackVoteRow } from './feedback-ranking.js';

const Q = ['leav', 'polici', 'contractor'];
const vote = (voterKey: string, v: number, terms = Q, docs = ['a']): FeedbackVoteRow => ({
  voterKey,
  vote: v,
  questionTerms: terms,
  documentIds: docs,
});

describe('feedbackFactors', () => {
  it('demotes down-voted and promotes up-voted documents for the same question', () => {
    const f = feedbackFactors([vote('u1', -1, Q, ['a']), vote('u2', 1, Q, ['b'])], Q);
    expect(f.get('a')).toBeLessThan(1);
    expect(f.get('b')).toBeGreaterThan(1);
  });

  it('is bounded however many people vote', () => {
    const many = Array.from({ length: 500 }, (_, i) => vote(`u${i}`, -1));
    const f = feedbackFactors(many, Q).get('a')!;
    expect(f).toBeGreaterThanOrEqual(1 - FEEDBACK_RANKING.maxEffect);
    expect(f).toBeLessThan(0.82);
    const praised = feedbackFactors(
      many.map((r) => ({ ...r, vote: 1 })),
      Q,
    ).get('a')!;
    expect(praised).toBeLessThanOrEqual(1 + FEEDBACK_RANKING.maxEffect);
  });

  it('counts one voter once per document (their latest vote)', () => {
    const once = feedbackFactors([vote('u1', -1)], Q).get('a');
    const spam = feedbackFactors(
      [vote('u1', -1), ...Array.from({ length: 50 }, () => vote('u1', -1))],
      Q,
    ).get('a');
    expect(spam).toBe(once);
    // Latest first: a changed mind counts as the new vote.
    expect(feedbackFactors([vote('u1', 1), vote('u1', -1)], Q).get('a')).toBeGreaterThan(1);
  });

  it('applies to near-duplicates of the question only', () => {
    const near = feedbackFactors([vote('u1', -1, ['leav', 'polici', 'contractor', 'uk'])], Q);
    expect(near.get('a')).toBeLessThan(1);
    const other = feedbackFactors([vote('u1', -1, ['leav', 'sick', 'note', 'doctor'])], Q);
    expect(other.size).toBe(0);
  });
});
