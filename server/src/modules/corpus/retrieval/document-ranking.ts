import { RANKING } from './ranking.js';
import type { ScoredChunk } from './retriever.js';

/**
 * Each document once, at its best passage, ranked by that passage's score plus its next best
 * passages' at `passageSupport` to the power of their place (0: the best passage alone). A long
 * document whose question is answered across several passages gains over one that matches once.
 */
export function documentRanking(chunks: ScoredChunk[]): ScoredChunk[] {
  const docs = new Map<string, { best: ScoredChunk; score: number; count: number }>();
  for (const chunk of chunks) {
    const doc = docs.get(chunk.documentId);
    if (!doc) docs.set(chunk.documentId, { best: chunk, score: chunk.score, count: 1 });
    else if (doc.count < RANKING.passagesPerDocument) {
      doc.score += RANKING.passageSupport ** doc.count * chunk.score;
      doc.count++;
    }
  }
  // A stable sort: equal scores keep the retriever's order.
  return [...docs.values()].sort((a, b) => b.score - a.score).map((d) => d.best);
}
