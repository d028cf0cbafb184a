import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { DataSource } from 'typeorm';
import type { QueryTerm } from '../corpus/index.js';

/** A previous question and answer of the thread, as prompts see it. */
export interface PriorTurn {
  question: string;
  searchQuery: string;
  answer: string;
  keyTerms: string[];
  /** The documents its answer cited: the turn is reused only while the asker may read them all. */
  citedDocumentIds: string[];
}

/** Earlier turns given to the model: the newest first, until this many characters (~1,500 tokens). */
export const HISTORY_BUDGET_CHARS = 6_000;
/** An earlier answer is cut to this many characters in the history. */
const ANSWER_CHARS = 1_200;
/** Words a follow-up answered without a model borrows from the question before it. */
export const CARRIED_TERMS = 3;
/** A rewrite longer than this is not a search question; the carry-over is used instead. */
const MAX_REWRITE_CHARS = 400;

/** The turns that fit the budget, oldest first; [n] citations dropped (they meant other passages). */
export function turnsWithinBudget(turns: PriorTurn[], budget = HISTORY_BUDGET_CHARS): PriorTurn[] {
  const kept: PriorTurn[] = [];
  let used = 0;
  for (const turn of [...turns].reverse()) {
    const answer = plainAnswer(turn.answer);
    const size = turn.question.length + answer.length;
    if (kept.length > 0 && used + size > budget) break;
    used += size;
    kept.unshift({ ...turn, answer });
  }
  return kept;
}

function plainAnswer(answer: string): string {
  const text = answer
    .replace(/\[\d+\]/g, '')
    .replace(/[ \t]+/g, ' ')
    .trim();
  return text.length > ANSWER_CHARS ? `${text.slice(0, ANSWER_CHARS - 1).trimEnd()}…` : text;
}

/** The previous turns as chat messages, to put before the question the model answers. */
export function historyMessages(turns: PriorTurn[]): ChatCompletionMessageParam[] {
  return turnsWithinBudget(turns).flatMap((t): ChatCompletionMessageParam[] => [
    { role: 'user', content: t.question },
    { role: 'assistant', content: t.answer },
  ]);
}

/** Asks the model for the follow-up as a question that stands alone (what retrieval searches). */
export function rewriteMessages(
  turns: PriorTurn[],
  followUp: string,
): ChatCompletionMessageParam[] {
  const transcript = turnsWithinBudget(turns)
    .map((t) => `User: ${t.question}\nAssistant: ${t.answer}`)
    .join('\n');
  return [
    {
      role: 'system',
      content: [
        "Rewrite the user's follow-up as a standalone search question that can be understood without the conversation.",
        'Resolve pronouns and references ("it", "that policy", "what about X") from the conversation; keep names and terms as written.',
        'If the follow-up already stands alone, return it unchanged. Reply with the question only, in the language of the follow-up.',
      ].join(' '),
    },
    { role: 'user', content: `Conversation:\n${transcript}\n\nFollow-up: ${followUp}` },
  ];
}

/** The model's rewrite, or null when it is not usable as a search (empty, too long, a refusal). */
export function usableRewrite(text: string): string | null {
  const line = text
    .split('\n')
    .map((l) => l.trim())
    .find(Boolean);
  if (!line) return null;
  const clean = line
    .replace(/^(standalone question|question|rewritten)\s*:\s*/i, '')
    .replace(/^"(.*)"$/, '$1');
  return clean.length > 0 && clean.length <= MAX_REWRITE_CHARS ? clean : null;
}

/**
 * What a follow-up searches: its own words (`text`, leading) and words of the thread that say
 * what it refers to (`context`, weighing less: RetrievalQuery.context).
 */
export interface FollowUpSearch {
  text: string;
  context: string | null;
}

/** "Searched for": the question, then the words it carried, as they were searched. */
export function shownSearch(search: FollowUpSearch): string {
  return search.context ? `${search.text} (+ ${search.context})` : search.text;
}

const wordsOf = (text: string) => text.match(/[\p{L}\p{N}][\p{L}\p{N}'-]*/gu) ?? [];

/** "And in Basel?", "What about the US team?", "And the 384 one?": a follow-up that only swaps a word. */
const ELLIPSIS = /^\s*(and|but|also|what about|how about|same for)\b\s*/i;
const WH = /\b(who|whom|whose|what|which|where|when|why|how)\b/i;
/** What such a follow-up puts in place: its words after the lead ("in", "for", "the"…). */
const LEAD =
  /^(and|but|also|what about|how about|same for)\s+((in|for|at|on|about|with|to|of|the|our|a|an)\s+)*/i;

/** Names (capitalised words after a text's first) and numbers, each with where it stands. */
function swappable(text: string, skipFirst: boolean): { word: string; index: number }[] {
  const out: { word: string; index: number }[] = [];
  for (const m of text.matchAll(/[\p{L}\p{N}][\p{L}\p{N}'-]*/gu)) {
    if (skipFirst && m.index === text.search(/[\p{L}\p{N}]/u)) continue;
    const word = m[0].replace(/'s$/, '');
    if (/^\p{Lu}/u.test(word) && word !== 'I') out.push({ word, index: m.index });
    else {
      const number = /\d+(?:[.,]\d+)?/.exec(word);
      if (number) out.push({ word: number[0], index: m.index + number.index });
    }
  }
  return out;
}

/**
 * An elliptical follow-up as the question it stands for: the previous question (as it was
 * searched) with the follow-up's name or number in place of its own ("Who manages the Aberdeen
 * office?" + "And the Stavanger one?" → "Who manages the Stavanger office?"). Null when the
 * follow-up asks a question of its own, or has no name or number to put in place of one.
 */
export function restated(followUp: string, previous: PriorTurn | undefined): string | null {
  if (!previous || !ELLIPSIS.test(followUp)) return null;
  const focus = followUp.replace(/[?.!\s]+$/, '').replace(LEAD, '');
  if (WH.test(focus) || focus.split(/\s+/).length > 4) return null;
  const base = previous.searchQuery.replace(/ \(\+ .*\)$/, '');
  const isNumber = (w: string) => /^\d/.test(w);
  const fresh = swappable(focus, false);
  const old = swappable(base, true);
  for (const kind of [false, true]) {
    const put = fresh.filter((f) => isNumber(f.word) === kind);
    const taken = old.find(
      (o) =>
        isNumber(o.word) === kind &&
        !put.some((p) => p.word.toLowerCase() === o.word.toLowerCase()),
    );
    if (put.length === 0 || !taken) continue;
    const words = put.map((p) => p.word).join(' ');
    return base.slice(0, taken.index) + words + base.slice(taken.index + taken.word.length);
  }
  return null;
}

/**
 * Without a model, a follow-up carries the previous search's key words as context ("what about
 * contractors?" after a question on the leave policy carries "leave policy"), minus those the
 * follow-up already has.
 */
export function carryOver(followUp: string, previous: PriorTurn | undefined): FollowUpSearch {
  if (!previous) return { text: followUp, context: null };
  const own = new Set(wordsOf(followUp.toLowerCase()));
  // "What's her extension?": she is the person the previous answer named, not its question.
  const person = /\b(he|him|his|she|her|hers)\b/i.test(followUp) ? namedIn(previous.answer) : [];
  const carried = [...person, ...previous.keyTerms].filter((w) => !own.has(w.toLowerCase()));
  return { text: followUp, context: carried.length > 0 ? carried.join(' ') : null };
}

/** The people an answer's first sentence names ("Denise Alvarez", "Dr Sofia Brandt"). */
function namedIn(answer: string): string[] {
  const first = answer.split(/\[\d+\]/)[0] ?? '';
  const names = first.match(/\p{Lu}\p{Ll}+(?:[ -]\p{Lu}\p{Ll}+)+/gu) ?? [];
  return [...new Set(names.flatMap((n) => n.split(/[ -]/)))].slice(0, 4);
}

/**
 * With a model's rewrite (which keeps every word of the follow-up: checked by the caller), the
 * words the rewrite adds are the context; the follow-up's own words still lead.
 */
export function fromRewrite(
  followUp: string,
  rewrite: string,
  /** Lexemes of the follow-up and of the rewrite (Postgres' stemming). */
  own: ReadonlySet<string>,
  rewritten: ReadonlySet<string>,
): FollowUpSearch {
  if ([...rewritten].every((l) => own.has(l))) return { text: followUp, context: null };
  const ownWords = new Set(wordsOf(followUp.toLowerCase()));
  const added = wordsOf(rewrite).filter((w) => !ownWords.has(w.toLowerCase()));
  return { text: followUp, context: added.length > 0 ? added.join(' ') : null };
}

/**
 * The search's most telling words (highest IDF, as written in it): what a later follow-up carries.
 * The stems come from the ranking; the words are found again in the text with Postgres' own stemmer.
 */
export async function keyWords(
  db: DataSource,
  text: string,
  terms: QueryTerm[],
): Promise<string[]> {
  // The question's own words first: a chain of follow-ups carries what was last asked about.
  const lexemes = terms
    .filter((t) => t.idf > 0)
    .sort((a, b) => Number(a.carried ?? false) - Number(b.carried ?? false) || b.idf - a.idf)
    .slice(0, CARRIED_TERMS)
    .map((t) => t.lexeme);
  if (lexemes.length === 0) return [];
  const rows: { word: string; lexeme: string }[] = await db.query(
    `SELECT DISTINCT ON (lexeme) word, lexeme FROM (
       SELECT w.word, w.i, (ts_lexize('english_stem', lower(w.word)))[1] AS lexeme
         FROM regexp_split_to_table($1, '[^[:alnum:]]+') WITH ORDINALITY AS w(word, i)
        WHERE w.word <> '') x
      WHERE lexeme = ANY($2::text[]) ORDER BY lexeme, i`,
    [text, lexemes],
  );
  const byLexeme = new Map(rows.map((r) => [r.lexeme, r.word]));
  return lexemes.flatMap((l) => (byLexeme.has(l) ? [byLexeme.get(l)!] : []));
}
