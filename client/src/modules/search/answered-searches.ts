import type { AskAnswer } from '../ask/use-ask-stream';

/**
 * The answers this tab got on the results page, by query and ticked sources, for a short while.
 * Opening the same results URL again (a reload, back and forward, a link to it) shows the answer
 * kept here instead of asking again: every ask counts in "Most asked" and Analytics, and a reload
 * is not a question. Session storage, so it is this tab's only and ends with it.
 */
const STORAGE_KEY = 'lumen.answeredSearches';
/** How long an answer is shown again rather than asked again. */
export const ANSWER_REUSE_MS = 30 * 60 * 1000;
/** The most answers kept (the oldest go first). */
const MAX_KEPT = 10;

interface Kept {
  key: string;
  at: number;
  answer: AskAnswer;
}

const keyOf = (query: string, sources: readonly string[]) =>
  JSON.stringify([query.trim(), [...sources].sort()]);

function read(): Kept[] {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(parsed) ? (parsed as Kept[]) : [];
  } catch {
    return [];
  }
}

function write(entries: Kept[]) {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(entries.slice(-MAX_KEPT)));
  } catch {
    // Storage full or refused: the page then asks again, as it did before.
  }
}

/** Keeps the answer given to this query with these sources. */
export function rememberAnswer(
  query: string,
  sources: readonly string[],
  answer: AskAnswer,
  now = Date.now(),
) {
  const key = keyOf(query, sources);
  write([...read().filter((e) => e.key !== key), { key, at: now, answer }]);
}

/** The answer kept for this query and these sources, if it is recent enough to show again. */
export function recallAnswer(
  query: string,
  sources: readonly string[],
  now = Date.now(),
): AskAnswer | null {
  const key = keyOf(query, sources);
  const kept = read().find((e) => e.key === key);
  return kept && now - kept.at < ANSWER_REUSE_MS && now >= kept.at ? kept.answer : null;
}

/** Forgets the answer kept for this query (with any sources): it is being asked on purpose. */
export function forgetAnswer(query: string) {
  const text = query.trim();
  write(read().filter((e) => (JSON.parse(e.key) as [string])[0] !== text));
}
