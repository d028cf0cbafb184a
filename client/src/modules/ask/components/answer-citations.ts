import type { AskSource } from '../use-ask-stream';

export type AnswerPart = { kind: 'text'; text: string } | { kind: 'cite'; source: AskSource };

/** `[1]`, `[12]`, and the grouped form `[1, 2]` models sometimes write. */
const CITATION = /\[(\d+(?:\s*,\s*\d+)*)\]/g;

/**
 * Splits an answer into plain text and citations of known sources. A citation without a matching
 * source stays text, exactly as written.
 */
export function splitCitations(answer: string, sources: AskSource[]): AnswerPart[] {
  const byNumber = new Map(sources.map((s) => [s.number, s]));
  const parts: AnswerPart[] = [];
  const pushText = (text: string) => {
    if (!text) return;
    const last = parts[parts.length - 1];
    if (last?.kind === 'text') last.text += text;
    else parts.push({ kind: 'text', text });
  };
  let at = 0;
  for (const match of answer.matchAll(CITATION)) {
    pushText(answer.slice(at, match.index));
    at = match.index + match[0].length;
    const numbers = match[1].split(',').map((n) => Number(n.trim()));
    if (!numbers.some((n) => byNumber.has(n))) {
      pushText(match[0]);
      continue;
    }
    for (const n of numbers) {
      const source = byNumber.get(n);
      if (source) parts.push({ kind: 'cite', source });
      else pushText(`[${n}]`);
    }
  }
  pushText(answer.slice(at));
  return parts;
}
