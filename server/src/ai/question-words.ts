import type { AnswerKind } from './answer-kind.js';
import type { Sense, WordNet } from './lexicon/wordnet.js';

/**
 * What a question word is to its question, read from WordNet:
 * - `topic`: a thing, a person, a substance, a group, or a word WordNet does not know (a product,
 *   a code, a technical term): what the question is about. A page that never says it does not
 *   answer it ("childcare", "taxi", "spectrometer").
 * - `measure`: a word naming what is asked of the topic, a quantity, a time or a place
 *   ("minimum", "length", "deadline", "cost", "address"): pages state the value, not the word.
 *   It is answered by a value of its kind (`kind`).
 * - `frame`: a verb, adjective or adverb with no sense as a thing ("allowed", "fly", "latest"):
 *   how the asker put it, which pages say in their own words.
 * - `neutral`: the rest (acts, states, communications: "training", "policy", "code").
 */
export type WordRole = 'topic' | 'measure' | 'frame' | 'neutral';

export interface QuestionWord {
  word: string;
  role: WordRole;
  /** For a measure: the kind of value that answers it. */
  kind: AnswerKind | null;
  /**
   * Words that say the same in WordNet (synonyms of its commonest senses, derived forms):
   * "approve" for "approval", "flight" for "fly". Phrases keep their words together ("at least").
   */
  alternatives: string[];
}

const CONCRETE = new Set([
  'noun.artifact',
  'noun.person',
  'noun.animal',
  'noun.body',
  'noun.food',
  'noun.plant',
  'noun.substance',
  'noun.object',
  'noun.group',
  'noun.phenomenon',
]);
const MEASURE_KIND: Record<string, AnswerKind> = {
  'noun.attribute': 'number',
  'noun.quantity': 'number',
  'noun.time': 'time',
  'noun.location': 'place',
};
/** Senses of each part of speech looked at: WordNet lists the commonest first. */
const COMMON_SENSES = 3;

/** Words after which a word is used as a noun ("a taxi", "the fume hoods", "my children"). */
const BEFORE_NOUN = new Set(
  'a an the my our your their his her its this that these those of for on in at with by from any some no every each per'.split(
    ' ',
  ),
);
/** Words after which a word is used as a verb ("to fly", "I need", "can we"). */
const BEFORE_VERB = new Set(
  "to i we you they he she can could will would should must do does did may might not don't doesn't didn't can't won't".split(
    ' ',
  ),
);

/**
 * What `word` (lower case, as the question writes it, after `previous`) is to a question asking
 * for `expected`.
 */
export function questionWord(
  wordnet: WordNet,
  word: string,
  expected: AnswerKind | null,
  previous = '',
): QuestionWord {
  const senses = wordnet.senses(word);
  const common = commonSenses(senses);
  const alternatives = new Set<string>();
  for (const s of common)
    for (const w of [...s.words, ...s.related])
      if (w !== word) alternatives.add(w.replace(/_/g, ' '));
  const result = (role: WordRole, kind: AnswerKind | null = null): QuestionWord => ({
    word,
    role,
    kind,
    alternatives: [...alternatives],
  });
  if (senses.length === 0) return result('topic');
  const nouns = common.filter((s) => s.pos === 'n');
  // "the latest I can", "the longest": a superlative asks for a value (a time for late, early).
  const base = /(est|er)$/.test(word)
    ? wordnet.lemmas(word).find((l) => l !== word && wordnet.senses(l).some((s) => s.pos === 'a'))
    : undefined;
  if (base) return result('measure', /^(late|early|soon)$/.test(base) ? 'time' : 'number');
  // "Who is our rep / head of …": a person-word names what is asked, a name answers it.
  if (expected === 'person' && senses.some((s) => s.pos === 'n' && s.lexname === 'noun.person'))
    return result('measure', 'person');
  const measure = nouns.slice(0, 2).find((s) => MEASURE_KIND[s.lexname]);
  if (measure) return result('measure', MEASURE_KIND[measure.lexname]);
  if (nouns.length === 0) {
    // "parental" pertains to "parent": it is the thing it pertains to.
    const pertains = common.find((s) => s.lexname === 'adj.pert');
    if (pertains) {
      const of = pertains.related.flatMap((r) => wordnet.senses(r).filter((s) => s.pos === 'n'));
      if (of.length > 0 && CONCRETE.has(of[0].lexname)) return result('topic');
    }
    return result('frame');
  }
  // A word both noun and verb is read as the question uses it, else as it is most often used.
  const verbs = senses.filter((s) => s.pos === 'v').length;
  const asVerb = BEFORE_VERB.has(previous)
    ? verbs > 0
    : !BEFORE_NOUN.has(previous) && verbs > senses.filter((s) => s.pos === 'n').length;
  if (asVerb) return result('frame');
  return result(CONCRETE.has(nouns[0].lexname) ? 'topic' : 'neutral');
}

function commonSenses(senses: Sense[]): Sense[] {
  const seen = new Map<string, number>();
  return senses.filter((s) => {
    const n = seen.get(s.pos) ?? 0;
    seen.set(s.pos, n + 1);
    return n < COMMON_SENSES;
  });
}
