import type { DataSource } from 'typeorm';
import { expectedKind } from './answer-kind.js';
import { CUES, type QuestionCues, type WordCue } from './word-match.js';
import { lexemesOf } from './lexemes.js';
import { wordNet } from './lexicon/wordnet.js';
import { questionWord } from './question-words.js';

const WORDS = /[\p{L}\p{N}][\p{L}\p{N}'-]*/gu;
/** Alternatives looked at per word: the commonest senses' words come first. */
const MAX_ALTERNATIVES = 24;

/**
 * What coverage needs to know of a question's words beyond their weights (`weights`, by lexeme):
 * each word's role and alternative wordings (question-words.ts), the kind of answer asked for.
 * Names the question writes (`names`, lexemes) are topics whatever WordNet says ("Stavanger",
 * "Bupa"), and so is a word with a digit in it. One query stems the words and their alternatives.
 */
export async function questionCues(
  db: DataSource,
  question: string,
  weights: Map<string, number>,
  names: ReadonlySet<string>,
  /** Lexemes no passage the reader may read holds. */
  unknown: ReadonlySet<string> = new Set(),
): Promise<QuestionCues> {
  const expected = expectedKind(question);
  const words = [...new Set((question.match(WORDS) ?? []).map((w) => w.toLowerCase()))];
  // Without WordNet (its files missing or unreadable) every word weighs as a topic, as before it.
  const wordnet = await wordNet().catch(() => null);
  if (!wordnet) return { words: new Map(), expected };
  const written = (question.match(WORDS) ?? []).map((w) => w.toLowerCase());
  // The word before each word's first use: whether it is used as a noun or a verb.
  const previousOf = new Map<string, string>();
  written.forEach((w, i) => {
    if (!previousOf.has(w)) previousOf.set(w, written[i - 1] ?? '');
  });
  const described = words.map((w) =>
    /\d/.test(w)
      ? null
      : questionWord(wordnet, w.replace(/'s$/, ''), expected, previousOf.get(w) ?? ''),
  );
  // Other wordings are stemmed only when they are used (CUES.synonyms).
  const alternatives = described.map((d) =>
    CUES.synonyms > 0 ? (d?.alternatives.slice(0, MAX_ALTERNATIVES) ?? []) : [],
  );
  const analysed = await lexemesOf(db, [...words, ...alternatives.flat()]);
  const cues = new Map<string, WordCue>();
  let at = words.length;
  words.forEach((word, i) => {
    const alternativeLexemes = alternatives[i].map(() => [...analysed[at++]]);
    const d = described[i];
    for (const lexeme of analysed[i]) {
      if (!weights.has(lexeme) || cues.has(lexeme)) continue;
      if (!d || names.has(lexeme)) {
        cues.set(lexeme, { role: 'topic', kind: null, alternatives: [], name: names.has(lexeme) });
        continue;
      }
      // "How many weeks of parental leave": the question word already asks for the value, so
      // a measure-like noun ("leave", a period) is no longer what is asked but what it is about.
      const asked = d.role !== 'measure' || expected === null || d.kind === 'person';
      cues.set(lexeme, {
        role: asked ? d.role : 'neutral',
        kind: asked ? d.kind : null,
        unknown: unknown.has(lexeme),
        // An alternative that stems to the word itself adds nothing.
        alternatives: alternativeLexemes.filter(
          (a) => a.length > 0 && !(a.length === 1 && a[0] === lexeme),
        ),
      });
    }
    void word;
  });
  // Two words WordNet knows as one ("dress code", "fume hood") count only together.
  for (let i = 0; i + 1 < words.length; i++) {
    if (!wordnet.lemmas(`${words[i]} ${words[i + 1]}`).some((l) => l.includes('_'))) continue;
    const [a, b] = [analysed[i], analysed[i + 1]].map((l) => [...l].filter((x) => cues.has(x)));
    for (const x of a) cues.get(x)!.compound = b;
    for (const x of b) cues.get(x)!.compound = a;
  }
  return { words: cues, expected };
}
