import { idf, RANKING } from './ranking.js';

/** A word of the feedback passages, as counted in the database. */
export interface FeedbackWord {
  lexeme: string;
  /** Passages of the workspace that hold it. */
  df: number;
  /** Feedback passages that hold it. */
  support: number;
  /** Its share of each feedback passage's words, weighted by the passage's relative score. */
  share: number;
}

/**
 * Pseudo-relevance feedback's choice of words (Rocchio-style): the words that weigh most in the
 * best passages, by share times IDF, each weighted relative to the best one. The guard: a word
 * enters only if enough of the feedback passages hold it (RANKING.feedbackMinSupport), so
 * passages that disagree with each other lend nothing and the question is ranked as asked.
 */
export function expansionTerms(
  words: readonly FeedbackWord[],
  feedbackCount: number,
  chunkCount: number,
  /** The question words' weights times their IDFs, summed (for RANKING.feedbackMass). */
  questionMass = 0,
): { lexeme: string; df: number; idf: number; weight: number }[] {
  const minSupport = minimumSupport(feedbackCount);
  const scored = words
    .filter((w) => w.support >= minSupport)
    .map((w) => ({ ...w, idf: idf(w.df, chunkCount), value: w.share * idf(w.df, chunkCount) }))
    .sort((a, b) => b.value - a.value || a.lexeme.localeCompare(b.lexeme))
    .slice(0, RANKING.feedbackTerms);
  const best = scored[0]?.value ?? 0;
  if (best <= 0) return [];
  // How much the feedback passages agree: the mean share of them holding each lent word.
  const agreement = scored.reduce((sum, w) => sum + w.support, 0) / scored.length / feedbackCount;
  const adapt = RANKING.feedbackAgreement > 0 ? (2 * agreement) ** RANKING.feedbackAgreement : 1;
  // Each lent word's weight relative to the best one's; then the best at feedbackWeight, or all
  // together at feedbackMass of the question.
  const lentMass = scored.reduce((sum, w) => sum + (w.value / best) * w.idf, 0);
  const scale =
    RANKING.feedbackMass > 0 && questionMass > 0 && lentMass > 0
      ? (RANKING.feedbackMass * questionMass) / lentMass
      : RANKING.feedbackWeight;
  return scored.map((w) => ({
    lexeme: w.lexeme,
    df: w.df,
    idf: w.idf,
    weight: (scale * adapt * w.value) / best,
  }));
}

/** Feedback passages that must hold a word for it to be lent: two at least, unless unguarded. */
export function minimumSupport(feedbackCount: number): number {
  if (RANKING.feedbackMinSupport <= 0) return 1;
  return Math.max(2, Math.ceil(RANKING.feedbackMinSupport * feedbackCount));
}
