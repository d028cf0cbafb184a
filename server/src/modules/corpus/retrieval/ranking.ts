/**
 * Ranking parameters of the lexical retriever, in one place: one configuration for every
 * workspace. Textbook values are kept wherever the four shared collections (Cranfield, CISI,
 * CACM, MED; `npm run bench:retrieval -- --all` and `-- --ablation`) did not agree on another;
 * a component stays only if it helps on most of them and hurts on none. A default changes only
 * if it wins held-out: `npm run bench:retrieval -- --cross`, each setting chosen on six of the
 * seven shared collections and scored on the seventh (docs/RANKING.md).
 */
export const RANKING: {
  model: ScoringModel;
  dfrC: number;
  qlMu: number;
  k1: number;
  b: number;
  repeatedWords: number;
  titleWeight: number;
  titleNormalised: number;
  exactFormWeight: number;
  proximityWeight: number;
  candidateCap: number;
  rescoreDepth: number;
  feedbackDocs: number;
  feedbackTerms: number;
  feedbackWeight: number;
  feedbackMinTerms: number;
  feedbackMinSupport: number;
  feedbackAgreement: number;
  feedbackMass: number;
  feedbackUnlessCovered: number;
  maxTerms: number;
  carriedWeight: number;
  passageSupport: number;
  passagesPerDocument: number;
} = {
  /**
   * The scoring function of the exact pass (the cheap first pass is always BM25): 'bm25';
   * 'dfr', divergence from randomness I(n)L2 (Amati), whose saturation and length normalisation
   * have no k1 or b; 'ql', query likelihood with Dirichlet smoothing. BM25 won held-out
   * (docs/RANKING.md); the others stay so the cross protocol keeps measuring them.
   */
  model: 'bm25',
  /** DFR's length normalisation 2: tf × log2(1 + c × average length / length). */
  dfrC: 1,
  /**
   * Query likelihood's Dirichlet prior μ, as a multiple of the workspace's average passage
   * length: a fixed μ (2,000 in the literature, for news articles) lets the prior swamp short
   * passages' own counts. The workspace keeps document frequencies only, so a word's collection
   * probability is taken as df / total length (each passage holding it once): the same ranking
   * as a larger μ when words repeat alike across the workspace. 4 was the best of 0.5–4
   * (docs/RANKING.md, round three).
   */
  qlMu: 4,
  /** BM25 term-frequency saturation. */
  k1: 1.2,
  /** BM25 length normalisation (0 = none, 1 = full). */
  b: 0.75,
  /**
   * How much a word the question repeats counts: its repeats to this power (0 = once, 1 = as
   * often as written, BM25's raw query term frequency). In a long question the repeated words
   * are what it is about; the square root keeps one word said five times from drowning the rest.
   */
  repeatedWords: 0.5,
  /** Weight of a title occurrence relative to one in the body (BM25F-style field weight). */
  titleWeight: 3,
  /**
   * 1: the title's occurrences are normalised with the passage's length, as the body's are (one
   * field of weighted counts). 0: BM25F with the title field unnormalised (only the body's
   * occurrences are divided by the length). Measured held-out (docs/RANKING.md).
   */
  titleNormalised: 1,
  /**
   * Extra weight of a passage word written exactly as the question wrote it (lower-cased), on
   * top of its count as a stem: "plasticity" then counts more than "plastic" for a question
   * about plasticity, as indexing both forms (Lucene's keyword-repeat) would. The exact forms
   * are counted at re-scoring, from the passage's text; 0 = stems only.
   */
  exactFormWeight: 0,
  /**
   * Weight of the proximity bonus (question words next to each other in a passage). Off: it
   * helped on none of the four collections and cost up to a fifth of the re-scoring time.
   */
  proximityWeight: 0,
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
  /**
   * The feedback guard: a word is added only if at least this share of the feedback passages
   * hold it. Passages that agree on a topic share words; when they disagree (the question was
   * ambiguous or badly matched), no word reaches the share and the query is left as asked.
   */
  feedbackMinSupport: 0.3,
  /**
   * Feedback whose weight follows how much the feedback passages agree: the lent words' weight
   * is multiplied by (2 × agreement) to this power, where agreement is the mean share of the
   * feedback passages that hold each lent word (0.5: as fixed; 1: all of them hold every word).
   * 0 = a fixed weight. Measured held-out by `npm run bench:retrieval -- --cross` (docs/RANKING.md).
   */
  feedbackAgreement: 0,
  /**
   * Feedback's weight as a share of the question's, as RM3 interpolates (λ / (1 − λ)): the lent
   * words' IDF-weighted sum is this share of the question words' IDF-weighted sum, so feedback
   * counts alike in a five-word title and a thirty-word request (with a weight per lent word,
   * the shorter the question, the more the lent words outweigh it). 0 = the weight per word
   * above (feedbackWeight). Measured held-out (docs/RANKING.md).
   */
  feedbackMass: 0,
  /**
   * 1: no feedback when the best passage already holds every word of the question. The question
   * is then matched as asked (a title, a name, a precise claim): the one document it is after is
   * usually at or near the top, and words lent by the passages around it can only pull their
   * common topic above it. A topical question, whose words no single passage holds together, is
   * expanded as before. 0 = feedback for every question. Measured held-out, with the known-item
   * collections (docs/RANKING.md, round six).
   */
  feedbackUnlessCovered: 1,
  /**
   * Longest question analysed, in distinct terms (after stop words); the rarest are kept. Long
   * questions (a pasted paragraph) rank better with most of their words than with the rarest few.
   */
  maxTerms: 48,
  /**
   * Weight of a word a follow-up carries from the conversation, relative to its own words: enough
   * to say which office "there" is, too little to outrank what the follow-up asks (tuned on the
   * tune split of bench:answers).
   */
  carriedWeight: 0.25,
  /**
   * The results list ranks a document by its best passage plus its next best ones weighted by
   * this to the power of their place (0 = the best passage alone). Measured held-out, and on
   * the collections cut into short passages as a stand-in for long documents (docs/RANKING.md).
   */
  passageSupport: 0,
  /** How many of a document's passages count towards its rank (with passageSupport above 0). */
  passagesPerDocument: 3,
};

export type ScoringModel = 'bm25' | 'dfr' | 'ql';

/** BM25's IDF, never negative. */
export function idf(df: number, chunkCount: number): number {
  return Math.log(1 + (chunkCount - df + 0.5) / (df + 0.5));
}
