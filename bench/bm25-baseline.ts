/**
 * A plain BM25, ported from shared/tools/bm25_baseline.py so the retrieval bench can score the
 * baseline on the same collection in the same run: k1 0.9, b 0.4, Lucene idf, title + text as
 * one field, lowercase [a-z0-9]+ tokens, Lucene's 33 English stopwords, no stemming; query
 * terms weighted by their count; ties broken by document id descending (as trec_eval).
 */
const STOP = new Set(
  'a an and are as at be but by for if in into is it no not of on or such that the their then there these they this to was will with'.split(
    ' ',
  ),
);

function tokenize(text: string): string[] {
  return (text.toLowerCase().match(/[a-z0-9]+/g) ?? []).filter((t) => !STOP.has(t));
}

function counts(tokens: string[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const t of tokens) out.set(t, (out.get(t) ?? 0) + 1);
  return out;
}

export class Bm25Baseline {
  private readonly ids: string[];
  private readonly postings = new Map<string, [number, number][]>();
  private readonly norm: number[];

  constructor(
    corpus: { _id: string; title?: string; text?: string }[],
    private readonly k1 = 0.9,
    b = 0.4,
  ) {
    this.ids = corpus.map((d) => d._id);
    const lengths = corpus.map((d, i) => {
      const tokens = tokenize(`${d.title ?? ''} ${d.text ?? ''}`);
      for (const [t, c] of counts(tokens)) {
        if (!this.postings.has(t)) this.postings.set(t, []);
        this.postings.get(t)!.push([i, c]);
      }
      return tokens.length;
    });
    const avg = lengths.reduce((a, n) => a + n, 0) / corpus.length;
    this.norm = lengths.map((l) => k1 * (1 - b + (b * l) / avg));
  }

  /** Document ids, best first, at most `depth`. */
  search(text: string, depth = 1000): string[] {
    const n = this.ids.length;
    const scores = new Map<number, number>();
    for (const [t, qtf] of counts(tokenize(text))) {
      const list = this.postings.get(t);
      if (!list) continue;
      const idf = Math.log(1 + (n - list.length + 0.5) / (list.length + 0.5));
      for (const [i, tf] of list)
        scores.set(
          i,
          (scores.get(i) ?? 0) + (idf * qtf * tf * (this.k1 + 1)) / (tf + this.norm[i]),
        );
    }
    return [...scores]
      .sort(([a, sa], [b, sb]) =>
        sb !== sa ? sb - sa : this.ids[b] < this.ids[a] ? -1 : this.ids[b] > this.ids[a] ? 1 : 0,
      )
      .slice(0, depth)
      .map(([i]) => this.ids[i]);
  }
}
