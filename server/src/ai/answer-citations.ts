/**
 * An answer as people read it: no sentence twice, and citations numbered 1..n in the order they
 * first appear, each number matching one entry of the sources list. Model answers and extractive
 * ones go through the same tidying.
 */

const CITATION = /\[(\d+)\]/g;
/** A sentence ends at . ! ? (with its citations, if any) followed by space. */
const SENTENCE_END = /(?<=[.!?]["')\]]*(?:\s*\[\d+\])*)\s+(?=\S)(?!\[\d+\])/u;

/** A sentence's words only: no citations, case, spacing or end punctuation. */
export function sentenceKey(sentence: string): string {
  return sentence
    .replace(CITATION, ' ')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The answer's sentences (line by line), with the passage numbers each cites. */
export function citedSentences(answer: string): { text: string; cites: number[] }[] {
  return answer
    .split('\n')
    .flatMap((line) => line.split(SENTENCE_END))
    .map((s) => s.trim())
    .filter(Boolean)
    .map((text) => ({ text, cites: [...text.matchAll(CITATION)].map((m) => Number(m[1])) }));
}

/**
 * Drops repeated sentences (the same words, wherever they come from), citations of passages
 * that were not given, and a citation repeated back to back.
 */
export function withoutRepeats(answer: string, numbers: ReadonlySet<number>): string {
  const seen = new Set<string>();
  return answer
    .split('\n')
    .map((line) =>
      line
        .split(SENTENCE_END)
        .filter((sentence) => {
          const key = sentenceKey(sentence);
          if (!key) return sentence.trim().length > 0;
          if (seen.has(key)) return false;
          seen.add(key);
          return true;
        })
        .map((sentence) =>
          sentence
            .replace(CITATION, (marker, n) => (numbers.has(Number(n)) ? marker : ''))
            .replace(/(\[\d+\])(\s*\1)+/g, '$1')
            .replace(/\s+([.,;:!?])/g, '$1')
            .replace(/[ \t]{2,}/g, ' '),
        )
        .join(' ')
        .trimEnd(),
    )
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * Numbers the passages the answer cites 1..n in order of first citation, rewrites the answer's
 * markers to match, and numbers the others (related) after them, in their ranking order.
 */
export function renumber<P extends { number: number }>(
  answer: string,
  passages: P[],
): { answer: string; cited: P[]; related: P[] } {
  const order: number[] = [];
  for (const m of answer.matchAll(CITATION)) {
    const n = Number(m[1]);
    if (!order.includes(n) && passages.some((p) => p.number === n)) order.push(n);
  }
  const next = new Map(order.map((n, i) => [n, i + 1]));
  const cited = order.map((n, i) => ({ ...passages.find((p) => p.number === n)!, number: i + 1 }));
  const related = passages
    .filter((p) => !next.has(p.number))
    .map((p, i) => ({ ...p, number: order.length + i + 1 }));
  return {
    answer: answer.replace(CITATION, (marker, n) => {
      const to = next.get(Number(n));
      return to ? `[${to}]` : '';
    }),
    cited,
    related,
  };
}
