/**
 * trec_eval-style metrics, the same definitions as shared/tools/bm25_baseline.py, so the
 * product's ranking and the plain BM25 baseline are scored by one yardstick.
 *   nDCG@k: linear gain = the qrels score (<= 0 gives 0), log2 discount, ideal from the qrels.
 *   Recall@k: relevant = qrels score >= 1.
 */
export type Qrels = Map<string, number>;

export function ndcgAt(ranked: string[], rels: Qrels, k = 10): number {
  const dcg = ranked
    .slice(0, k)
    .reduce((sum, id, i) => sum + Math.max(0, rels.get(id) ?? 0) / Math.log2(i + 2), 0);
  const ideal = [...rels.values()]
    .filter((g) => g > 0)
    .sort((a, b) => b - a)
    .slice(0, k)
    .reduce((sum, g, i) => sum + g / Math.log2(i + 2), 0);
  return ideal > 0 ? dcg / ideal : 0;
}

export function recallAt(ranked: string[], rels: Qrels, k = 100): number {
  const relevant = [...rels].filter(([, g]) => g >= 1).map(([id]) => id);
  if (relevant.length === 0) return 0;
  const top = new Set(ranked.slice(0, k));
  return relevant.filter((id) => top.has(id)).length / relevant.length;
}
