import { describe, expect, it } from 'vitest';
import { expansionTerms, type FeedbackWord } from './feedback.js';
import { RANKING } from './ranking.js';

const word = (lexeme: string, support: number, share = 0.1, df = 20): FeedbackWord => ({
  lexeme,
  df,
  support,
  share,
});

describe('pseudo-relevance feedback', () => {
  it('expands with the words the best passages share, the weightiest first', () => {
    const terms = expansionTerms(
      [word('turbul', 8, 0.4), word('boundari', 6, 0.2), word('layer', 5, 0.3, 900)],
      10,
      1000,
    );
    expect(terms.map((t) => t.lexeme)).toEqual(['turbul', 'boundari', 'layer']);
    expect(terms[0].weight).toBeCloseTo(RANKING.feedbackWeight);
    for (const t of terms.slice(1)) expect(t.weight).toBeLessThan(terms[0].weight);
  });

  it('does not expand a question whose best passages disagree (no word in enough of them)', () => {
    // Ten passages on ten different topics: every word sits in one passage only.
    const words = Array.from({ length: 60 }, (_, i) => word(`topic${i}`, 1, 0.5));
    expect(expansionTerms(words, 10, 1000)).toEqual([]);
  });

  it('leaves out a word held by too few of the feedback passages, however weighty', () => {
    const terms = expansionTerms([word('rare', 2, 5), word('shared', 4, 0.1)], 10, 1000);
    expect(terms.map((t) => t.lexeme)).toEqual(['shared']);
  });

  it('adds at most feedbackTerms words', () => {
    const words = Array.from({ length: 40 }, (_, i) => word(`w${i}`, 5, 1 / (i + 1)));
    expect(expansionTerms(words, 10, 1000)).toHaveLength(RANKING.feedbackTerms);
  });

  it('with feedbackAgreement, lends more when the passages agree and less when they do not', () => {
    const saved = RANKING.feedbackAgreement;
    RANKING.feedbackAgreement = 1;
    try {
      const all = expansionTerms([word('turbul', 10, 0.4)], 10, 1000);
      const few = expansionTerms([word('turbul', 3, 0.4)], 10, 1000);
      expect(all[0].weight).toBeCloseTo(2 * RANKING.feedbackWeight);
      expect(few[0].weight).toBeCloseTo(0.6 * RANKING.feedbackWeight);
    } finally {
      RANKING.feedbackAgreement = saved;
    }
  });

  it('with feedbackMass, lends the same share of a short question and of a long one', () => {
    const saved = RANKING.feedbackMass;
    RANKING.feedbackMass = 0.2;
    try {
      const words = [word('turbul', 8, 0.4), word('boundari', 6, 0.2)];
      const lent = (mass: number) => {
        const terms = expansionTerms(words, 10, 1000, mass);
        return terms.reduce((sum, t) => sum + t.weight * t.idf, 0);
      };
      // A question weighing 4× as much gets 4× the lent weight: the same share of it.
      expect(lent(10)).toBeCloseTo(2);
      expect(lent(40)).toBeCloseTo(8);
      const [best, next] = expansionTerms(words, 10, 1000, 10);
      expect(next.weight / best.weight).toBeCloseTo(0.5);
    } finally {
      RANKING.feedbackMass = saved;
    }
  });
});
