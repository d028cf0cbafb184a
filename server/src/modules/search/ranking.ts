/**
 * Ranking parameters of the lexical retriever, in one place. Tuned on Cranfield
 * (`npm run bench:retrieval`) with textbook values kept where the collection did not disagree, so
 * they carry to other collections.
 */
export const RANKING: {
  k1: number;
  b: number;
  titleWeight: number;
  proximityWeight: number;
  candidateCap: number;
  rescoreDepth: number;
  feedbackDocs: number;
  feedbackTerms: number;
  feedbackWeight: number;
  feedbackMinTerms: number;
  maxTerms: number;
} = {
  /** BM25 term-frequency saturation. */
  k1: 1.2,
  /** BM25 length normalisation (0 = none, 1 = full). */
  b: 0.75,
  /** Weight of a title occurrence relative to one in the body (BM25F-style field weight). */
  titleWeight: 3,
  /** Weight of the proximity bonus: query terms that sit next to each other in a passage. */
  proximityWeight: 0.3,
  /**
   * Candidate generation: the rarest query terms whose summed document frequencies stay under
   * this cap select the candidates (at least one term always does). A passage holding only very
   * common terms cannot rank high under BM25, and the cap bounds the work on large workspaces.
   */
  candidateCap: 2000,
  /** Passages re-scored exactly (per-term BM25 and proximity) after the cheap first pass. */
  rescoreDepth: 150,
  /** Pseudo-relevance feedback: passages of the first ranking that lend words to the query. */
  feedbackDocs: 10,
  /** Words added to the query (0 turns feedback off). */
  feedbackTerms: 10,
  /** Weight of the best added word, relative to a word of the question. */
  feedbackWeight: 0.3,
  /** Questions shorter than this (in terms) are not expanded. */
  feedbackMinTerms: 1,
  /** Longest question analysed, in terms (after stop words); the rarest are kept. */
  maxTerms: 24,
};

/** BM25's IDF, never negative. */
export function idf(df: number, chunkCount: number): number {
  return Math.log(1 + (chunkCount - df + 0.5) / (df + 0.5));
}
