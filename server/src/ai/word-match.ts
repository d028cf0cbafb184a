import { holdsKind, type AnswerKind } from './answer-kind.js';
import type { WordRole } from './question-words.js';

/** How the answer reads a question beyond its words (chosen with bench:answers' protocol). */
export const CUES = {
  /** Whether a WordNet alternative wording ("approval" for "sign-off") stands for a word (1). */
  synonyms: 0,
  /**
   * A place or sentence without a value of the kind the question asks for (a number for "how
   * much", a name for "who") keeps this share of its coverage or score.
   */
  kindMismatch: 0.6,
  /**
   * How much an extractive sentence gains for its passage's rank (this over 1 + rank): retrieval
   * weighed the whole passage and its document's title.
   */
  rankPrior: 0.15,
  /** Sentences scoring at least this share of the best one's are quoted with it (up to 3). */
  keep: 0.6,
  /**
   * Whether an extractive sentence's words also weigh by how few of the candidate sentences say
   * them (1), as well as by how few passages of the workspace do (always).
   */
  localIdf: 0,
  /** How much of a measure word a value of its kind says (saysWord). */
  measureCredit: 0.5,
};

/** What an answer knows of a question word beyond its weight (question-cues.ts builds them). */
export interface WordCue {
  role: WordRole;
  kind: AnswerKind | null;
  /** Lexemes of each alternative wording: a text holding all of one says the word. */
  alternatives: string[][];
  /**
   * The other words of a compound it is part of ("dress code", "account manager"): a text says
   * the word only when it holds them too ("Code: LHO" says nothing about a dress code).
   */
  compound?: string[];
  /** A name the question writes ("Antwerp", "Bupa"): a place without it is about another. */
  name?: boolean;
  /**
   * No passage of the workspace holds the word: the asker's wording ("minimum", "deadline"). For
   * the gate, only such a measure word is said by a value of its kind: a page on "leave" would
   * say "leave". Choosing among sentences, any measure word is.
   */
  unknown?: boolean;
}

/** The cues of a question's words (by lexeme), and the kind of answer it asks for. */
export interface QuestionCues {
  words: Map<string, WordCue>;
  expected: AnswerKind | null;
}

/**
 * Words people put in questions that say nothing about the subject ("how many … do we get"):
 * left out of coverage, as the stop words already are (stems of Postgres' english config).
 */
export const QUESTION_FILLER = new Set(
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

/**
 * Endings that make another stem of the same word family than the question's ("owns" is `own`,
 * "Owner" is `owner`): a text holding one holds the other.
 */
const RELATED_ENDINGS = ['er', 'or', 'ship', 'ment', 'al'];

/** The lexeme and the other stems of its family. */
export function family(lexeme: string): string[] {
  const out = [lexeme, ...RELATED_ENDINGS.map((e) => lexeme + e)];
  const base = RELATED_ENDINGS.find((e) => lexeme.endsWith(e) && lexeme.length - e.length >= 3);
  if (base) out.push(lexeme.slice(0, -base.length));
  return out;
}

/**
 * How far a text (its lexemes `held`, its words `text`) says a question word, 0 to 1: the word or
 * its family, 1; with `alternatives`, a WordNet alternative wording, 1; for a measure word
 * ("minimum", "deadline"), a value of its kind, CUES.measureCredit (a figure is what a page
 * says for "minimum", but a figure is also what it says for everything else).
 */
export function saysWord(
  lexeme: string,
  held: ReadonlySet<string>,
  text: string,
  cue: WordCue | undefined,
  alternatives: boolean,
  /** Whether a measure word the workspace does use is said by a value (choosing a sentence). */
  knownMeasures = false,
): number {
  const holds = (l: string) => family(l).some((f) => held.has(f));
  if (holds(lexeme) && (cue?.compound ?? []).every(holds)) return 1;
  if (!cue) return 0;
  if (alternatives && cue.alternatives.some((a) => a.length > 0 && a.every((l) => held.has(l))))
    return 1;
  return cue.role === 'measure' &&
    (cue.unknown || knownMeasures) &&
    cue.kind !== null &&
    holdsKind(text, cue.kind)
    ? CUES.measureCredit
    : 0;
}
