import type { DataSource } from 'typeorm';
import { holdsKind } from './answer-kind.js';
import { passageSentences } from './extractive-answer.js';
import { lexemesOf, type LexemeCache } from './lexemes.js';
import { CUES, QUESTION_FILLER, saysWord, type QuestionCues, type WordCue } from './word-match.js';

export type { QuestionCues, WordCue } from './word-match.js';

/**
 * Whether the sources say anything about a question, before an answer is written from them.
 * A passage covers a question to the extent it holds the question's telling words: each word
 * weighs its IDF, and a word no passage of the workspace holds weighs as much as the rarest
 * known one (UNKNOWN_WEIGHT times it): "parental leave" asked of sources that never say
 * "parental" is not answered by a passage on leave. Tuned on the tune split of bench:answers.
 */
export const COVERAGE = {
  /** The best passage must cover at least this share of the question's weight. */
  minimum: 0.5,
  /**
   * With a model, passages covering this much are given to it (it may see that "gather" means
   * "assembly point"); its citations are then checked. Below it, no model is asked.
   */
  modelMinimum: 0.1,
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
  /**
   * How much a question word a place does not hold weighs against it, by the word's role
   * (question-words.ts), relative to a topic word: people ask in their own words, and a verb or
   * a measure word ("minimum", "latest", "sign off") missing from a page says little, where a
   * missing thing ("childcare", "taxi") says the page is about something else.
   */
  frameWeight: 0.2,
  neutralWeight: 1,
  /** The same for a thing ("childcare", "rabbit", "receptionists")… */
  topicWeight: 1,
  /** …and for a name the question writes ("Antwerp" asked of the hotel limits of other cities). */
  nameWeight: 3,
};

function absentWeight(cue: WordCue | undefined): number {
  if (cue?.name) return COVERAGE.nameWeight;
  if (cue?.role === 'frame' || cue?.role === 'measure') return COVERAGE.frameWeight;
  if (cue?.role === 'neutral') return COVERAGE.neutralWeight;
  if (cue?.role === 'topic') return COVERAGE.topicWeight;
  return 1;
}

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
 * The share of `weights` a place covers (0 when there is nothing to cover): its lexemes, and
 * with `cues`, its text (for the kind of value a measure word or the question asks for). A word
 * the place does not hold weighs by its role (COVERAGE.frameWeight…).
 */
export function coveredShare(
  weights: Map<string, number>,
  lexemes: Iterable<string>,
  cues?: QuestionCues,
  text = '',
): number {
  const held = new Set(lexemes);
  let covered = 0;
  let missing = 0;
  for (const [lexeme, weight] of weights) {
    const cue = cues?.words.get(lexeme);
    const said = saysWord(lexeme, held, text, cue, CUES.synonyms > 0);
    covered += weight * said;
    missing += weight * (1 - said) * absentWeight(cue);
  }
  if (covered + missing <= 0) return 0;
  const share = covered / (covered + missing);
  return cues?.expected && !holdsKind(text, cues.expected) ? share * CUES.kindMismatch : share;
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
  cues?: QuestionCues,
): Promise<number> {
  if (weights.size === 0 || passages.length === 0) return 0;
  const split = passages.map((p) => ({
    title: p.title,
    sentences: passageSentences({ text: p.text, isSheet: p.isSheet ?? false }),
  }));
  // A place's lexemes are its title's, its section headings' and its sentences' together (words
  // never span the line breaks that join them), so each is analysed once, not once per window.
  const texts = [
    ...new Set(
      split.flatMap((p) => [
        p.title,
        ...p.sentences.flatMap((s) => (s.heading ? [s.text, s.heading] : [s.text])),
      ]),
    ),
  ];
  const analysed = await lexemesOf(db, texts, known);
  const lexemesOfText = new Map(texts.map((t, i) => [t, analysed[i]]));
  const places = split.flatMap(({ title, sentences }) => {
    if (sentences.length === 0) return [{ context: [title], said: [] as string[] }];
    const count = Math.max(1, sentences.length - COVERAGE.window + 1);
    return Array.from({ length: count }, (_, i) => {
      const window = sentences.slice(i, i + COVERAGE.window);
      const headings = [...new Set(window.flatMap((s) => (s.heading ? [s.heading] : [])))];
      return { context: [title, ...headings], said: window.map((s) => s.text) };
    });
  });
  return Math.max(
    ...places.map(({ context, said }) =>
      coveredShare(
        weights,
        [...context, ...said].flatMap((t) => [...lexemesOfText.get(t)!]),
        cues,
        // The kind of value is looked for in the sentences, not in the title or headings.
        said.join('\n'),
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
  /**
   * The question: its words restated in an answer ("To fly business you need the CFO's written
   * approval") are the asker's, not claims a passage must hold; the rest must be supported.
   */
  question = '',
): Promise<boolean> {
  const citing = sentences.filter((s) => s.cites.some((n) => passages.has(n)));
  if (citing.length === 0) return false;
  const numbers = [...passages.keys()];
  const lexemes = await lexemesOf(db, [
    question,
    ...citing.map((s) => s.text),
    ...numbers.map((n) => `${passages.get(n)!.title}\n${passages.get(n)!.text}`),
  ]);
  const asked = lexemes[0];
  const ofPassage = new Map(numbers.map((n, i) => [n, lexemes[1 + citing.length + i]]));
  const supported = citing.filter((s, i) => {
    const all = [...lexemes[1 + i]].filter((l) => !QUESTION_FILLER.has(l));
    const cited = new Set(s.cites.flatMap((n) => [...(ofPassage.get(n) ?? [])]));
    // A word both asked and cited still supports; one only asked neither supports nor counts.
    const words = all.filter((w) => !asked.has(w) || cited.has(w));
    if (words.length === 0) return false;
    const shared = words.filter((w) => cited.has(w)).length;
    return (
      shared >= Math.min(SUPPORT.words, words.length) && shared / words.length >= SUPPORT.share
    );
  });
  return supported.length / citing.length >= SUPPORT.sentences;
}
