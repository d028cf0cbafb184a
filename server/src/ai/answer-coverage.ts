import type { DataSource } from 'typeorm';
import { sentencesOf } from './extractive-answer.js';
import { lexemesOf, type LexemeCache } from './lexemes.js';

/**
 * Whether the sources say anything about a question, before an answer is written from them.
 * A passage covers a question to the extent it holds the question's telling words: each word
 * weighs its IDF, and a word no passage of the workspace holds weighs as much as the rarest
 * known one (UNKNOWN_WEIGHT times it): "parental leave" asked of sources that never say
 * "parental" is not answered by a passage on leave. Tuned on the tune split of bench:answers.
 */
export const COVERAGE = {
  /** The best passage must cover at least this share of the question's weight. */
  minimum: 0.6,
  /**
   * With a model, passages covering this much are given to it (it may see that "gather" means
   * "assembly point"); its citations are then checked. Below it, no model is asked.
   */
  modelMinimum: 0.3,
  /** Weight of a word no passage holds, relative to the rarest word some passage holds. */
  unknownWeight: 2,
  /** Weight of a word when the question has no known word at all (every word unknown). */
  fallbackWeight: 1,
  /**
   * Weight of an unknown name (a capitalised word inside the question: "the Tokyo office"),
   * relative to the rarest known word: a question about a place, person or product the sources
   * never name is not answered by passages on others.
   */
  unknownNameWeight: 3,
  /** Consecutive sentences of a passage that count as one place (with the title). */
  window: 2,
};

/**
 * Words people put in questions that say nothing about the subject ("how many … do we get"):
 * left out of coverage, as the stop words already are (stems of Postgres' english config).
 */
const QUESTION_FILLER = new Set(
  [
    // how many, how often, how long, please tell me, do we get, …
    'get got mani much often long need tell know pleas thank anyon someon somebodi would could',
    'like want find us let say mean explain describ give show way thing lot kind also ever',
    'actual exact current realli still yet',
    // generic verbs and adjectives: a question's frame ("will the new engineers", "go live"),
    // rarely its subject, and often absent from a small workspace's few documents
    'new old go goe come make take put keep happen good right possibl',
  ]
    .join(' ')
    .split(' '),
);

export interface CoverageTerm {
  lexeme: string;
  idf: number;
  /** 1 for the question's own words, less for words carried from the conversation. */
  weight?: number;
  carried?: boolean;
}

/** The question's words that count in its coverage, each with its weight. */
export function coverageWeights(
  terms: CoverageTerm[],
  unknown: string[],
  /** Lexemes of the names the question writes (capitalised words after its first). */
  names: ReadonlySet<string> = new Set(),
): Map<string, number> {
  const own = terms.filter((t) => !t.carried);
  // A follow-up with no word of its own is about what it carries.
  const counted = (own.length > 0 ? own : terms).filter((t) => !QUESTION_FILLER.has(t.lexeme));
  const weights = new Map<string, number>();
  for (const t of counted) if (t.idf > 0) weights.set(t.lexeme, t.idf);
  const rarest = Math.max(0, ...weights.values());
  const base = rarest > 0 ? rarest : COVERAGE.fallbackWeight;
  // Unknown words are always the question's own: "and for interns?" asks about interns, whatever
  // the thread carries.
  for (const lexeme of unknown) {
    if (QUESTION_FILLER.has(lexeme) || weights.has(lexeme)) continue;
    const factor = names.has(lexeme) ? COVERAGE.unknownNameWeight : COVERAGE.unknownWeight;
    weights.set(lexeme, base * factor);
  }
  return weights;
}

/** The capitalised words of a question after its first word: the names it writes. */
export function namesIn(question: string): string[] {
  const words = question.match(/[\p{L}\p{N}][\p{L}\p{N}'-]*/gu) ?? [];
  return words.slice(1).filter((w) => /^\p{Lu}/u.test(w) && w.length > 1);
}

/**
 * Endings that make another stem of the same word family than the question's ("owns" is `own`,
 * "Owner" is `owner`): a place holding one covers the other.
 */
const RELATED_ENDINGS = ['er', 'or', 'ship', 'ment', 'al'];

/** The share of `weights` a set of lexemes covers (0 when there is nothing to cover). */
export function coveredShare(weights: Map<string, number>, lexemes: Iterable<string>): number {
  const total = [...weights.values()].reduce((s, w) => s + w, 0);
  if (total <= 0) return 0;
  const held = new Set(lexemes);
  let covered = 0;
  for (const [lexeme, weight] of weights) {
    const family = [lexeme, ...RELATED_ENDINGS.map((e) => lexeme + e)];
    const base = RELATED_ENDINGS.find((e) => lexeme.endsWith(e) && lexeme.length - e.length >= 3);
    if (base) family.push(lexeme.slice(0, -base.length));
    if (family.some((l) => held.has(l))) covered += weight;
  }
  return covered / total;
}

/**
 * The best coverage of the question by any one place of a passage: its title with a window of
 * COVERAGE.window consecutive sentences (or table rows). A passage is ~1,500 characters and may
 * hold several offices or policies; the answer must come from one place, not from words
 * scattered over it ("parking" in Montreal's paragraph, "Ottawa" in the next one).
 */
export async function bestCoverage(
  db: DataSource,
  weights: Map<string, number>,
  passages: { title: string; text: string; isSheet?: boolean }[],
  known?: LexemeCache,
): Promise<number> {
  if (weights.size === 0 || passages.length === 0) return 0;
  const split = passages.map((p) => ({
    title: p.title,
    sentences: sentencesOf({ text: p.text, isSheet: p.isSheet ?? false }),
  }));
  // A place's lexemes are its title's and its sentences' together (words never span the line
  // breaks that join them), so each title and sentence is analysed once, not once per window.
  const texts = [...new Set(split.flatMap((p) => [p.title, ...p.sentences]))];
  const analysed = await lexemesOf(db, texts, known);
  const lexemesOfText = new Map(texts.map((t, i) => [t, analysed[i]]));
  const places = split.flatMap(({ title, sentences }) => {
    if (sentences.length === 0) return [[title]];
    const count = Math.max(1, sentences.length - COVERAGE.window + 1);
    return Array.from({ length: count }, (_, i) => [
      title,
      ...sentences.slice(i, i + COVERAGE.window),
    ]);
  });
  return Math.max(
    ...places.map((parts) =>
      coveredShare(
        weights,
        parts.flatMap((t) => [...lexemesOfText.get(t)!]),
      ),
    ),
  );
}

/** A sentence of an answer and the passages it cites. */
export interface CitedSentence {
  text: string;
  cites: number[];
}

/**
 * Whether a written answer's citations support it: each sentence that cites passages must share
 * enough of its words with what it cites (SUPPORT.share of them, and at least SUPPORT.words).
 * A model that cites a passage on capacity reviews for a claim about parental leave fails it.
 */
export const SUPPORT = { share: 0.3, words: 2, sentences: 0.5 };

export async function citationsSupport(
  db: DataSource,
  sentences: CitedSentence[],
  passages: Map<number, { title: string; text: string }>,
): Promise<boolean> {
  const citing = sentences.filter((s) => s.cites.some((n) => passages.has(n)));
  if (citing.length === 0) return false;
  const numbers = [...passages.keys()];
  const lexemes = await lexemesOf(db, [
    ...citing.map((s) => s.text),
    ...numbers.map((n) => `${passages.get(n)!.title}\n${passages.get(n)!.text}`),
  ]);
  const ofPassage = new Map(numbers.map((n, i) => [n, lexemes[citing.length + i]]));
  const supported = citing.filter((s, i) => {
    const words = [...lexemes[i]].filter((l) => !QUESTION_FILLER.has(l));
    if (words.length === 0) return false;
    const cited = new Set(s.cites.flatMap((n) => [...(ofPassage.get(n) ?? [])]));
    const shared = words.filter((w) => cited.has(w)).length;
    return (
      shared >= Math.min(SUPPORT.words, words.length) && shared / words.length >= SUPPORT.share
    );
  });
  return supported.length / citing.length >= SUPPORT.sentences;
}
