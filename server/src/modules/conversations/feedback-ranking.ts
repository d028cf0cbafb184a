/** One stored vote, as ranking reads it. */
export interface FeedbackVoteRow {
  voterKey: string;
  vote: number;
  questionTerms: string[];
  documentIds: string[];
}

/**
 * How far votes can move a document: its score is multiplied by at most 1 + MAX_EFFECT and at
 * least 1 − MAX_EFFECT, however many votes it has. Feedback reorders close calls for one
 * question; it cannot bury a document for everyone or lift an unrelated one to the top.
 */
export const FEEDBACK_RANKING = {
  maxEffect: 0.2,
  /** Net votes (similarity-weighted) at which a document gets ~76% of the maximum effect. */
  scale: 2,
  /** Questions count as the same when their stems overlap this much (Jaccard). */
  minSimilarity: 0.5,
};

/**
 * Score factors per document from earlier votes: a vote counts when its question is nearly the
 * same as this one (Jaccard of the stems ≥ minSimilarity), weighted by that similarity; each
 * voter counts once per document (their latest vote: rows come newest first), so one person
 * cannot push a document by voting again and again.
 */
export function feedbackFactors(
  rows: FeedbackVoteRow[],
  lexemes: string[],
  settings = FEEDBACK_RANKING,
): Map<string, number> {
  const query = new Set(lexemes);
  const net = new Map<string, number>();
  const counted = new Set<string>();
  for (const row of rows) {
    const similarity = jaccard(query, row.questionTerms);
    if (similarity < settings.minSimilarity) continue;
    for (const documentId of row.documentIds) {
      const key = `${row.voterKey}|${documentId}`;
      if (counted.has(key)) continue;
      counted.add(key);
      net.set(documentId, (net.get(documentId) ?? 0) + Math.sign(row.vote) * similarity);
    }
  }
  const factors = new Map<string, number>();
  for (const [documentId, n] of net) {
    if (n !== 0) factors.set(documentId, 1 + settings.maxEffect * Math.tanh(n / settings.scale));
  }
  return factors;
}

function jaccard(a: Set<string>, b: string[]): number {
  const other = new Set(b);
  let shared = 0;
  for (const t of other) if (a.has(t)) shared++;
  const union = a.size + other.size - shared;
  return union === 0 ? 0 : shared / union;
}
