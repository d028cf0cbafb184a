/**
 * A deterministic stand-in for a careful chat model, for the loopback fake of OpenAI
 * (server/test/helpers/fake-openai.ts): `fake.reply(answerModel)`. It is no language model: it
 * matches words (lower-cased, crudely stemmed, stop words dropped), which is enough to score what
 * the ask pipeline does around a model (retrieval, prompts, follow-ups, citations, not-found).
 *
 * - A rewrite request (its system message asks for a "standalone" question) resolves the
 *   follow-up with the conversation: a follow-up that stands alone is returned unchanged; "What
 *   about Ottawa?" / "And the Business plan?" put the new name in place of the previous
 *   question's ("Who manages the Ottawa office?"), "And for contractors?" does the same for a
 *   kind of person (employees → contractors), any other ellipsis is appended ("… for meals?"),
 *   and a pronoun ("it", "they", "there", "that office") gets the previous question's key words.
 * - An answer request (numbered passages "[n] Title\ntext" and "Question: …" in the last user
 *   message, earlier turns as chat history) resolves the question the same way, then answers with
 *   the one or two sentences (or table rows, read with their header) sharing the most content
 *   words with it, each followed by its [n]. Rarer words weigh more (1 + ln(sentences / sentences
 *   holding the word)); a follow-up's own words count before those carried from earlier turns; a
 *   sentence that refers back ("it is updated every 2 hours") borrows half the weight of the words
 *   of the sentence before it, and any sentence a quarter of those elsewhere in its passage; "how
 *   much" / "when" questions prefer a sentence with a number, "who" questions one with a name; a
 *   follow-up prefers the sentence its previous answer quoted; questions in the text (an FAQ's
 *   headings) are never answers. A second sentence is added only when it covers a word of the
 *   question the first does not.
 * - It answers NOT_COVERED instead when the question names something no passage mentions (one of
 *   its own content words is in no passage), or when no sentence shares at least two content
 *   words with it (or one that only one passage has).
 */
import type { FakeOpenAIRequest, FakeReply } from '../../server/test/helpers/fake-openai.js';

/** What the model says when the passages do not hold the answer. */
export const NOT_COVERED = 'The sources do not cover this.';

const STOP_WORDS = new Set(
  `a about above after again all also am an and any are as at be because been before being below
  between both but by can could did do does doing done down during each few for from further get
  gets getting got had has have having he her here hers him his how i if in into is it its itself
  just me more most my no nor not now of off on once only or other our ours out over own same she
  should so some such than that the their theirs them then there these they this those through to
  too under until up very was we were what when where which while who whom whose why will with
  would you your yours may might must shall let many much long often soon quickly far need needs
  happen happens take takes use used go goes make know tell say please one new`.split(/\s+/),
);
const PRONOUNS = /\b(it|its|they|them|their|there|that|this|those|these|he|she|him|her)\b/i;
const ELLIPSIS = /^\s*(and|but|also|what about|how about)\b/i;
/** Kinds of people: "And for contractors?" after a question on employees replaces the word. */
const ROLES = new Set(
  'employee employees contractor contractors intern interns manager managers engineer engineers customer customers visitor visitors staff'.split(
    ' ',
  ),
);

/** A crude stemmer: enough to make "manages", "managed" and "manager" one word. */
export function stem(word: string): string {
  let w = word.toLowerCase().replace(/['’]s$/, '');
  if (/^\d/.test(w)) return w;
  if (w.length > 3) w = w.replace(/ies$/, 'y').replace(/([^s])s$/, '$1');
  if (w.length > 4) {
    const cut = w.replace(/(ment|ing|ed|er|ly)$/, '');
    // "capped", "planning": the doubled consonant goes with the ending.
    w =
      cut !== w && /([b-df-hj-np-rtv-z])\1$/.test(cut) && !/(ll|ss|zz)$/.test(cut)
        ? cut.slice(0, -1)
        : cut;
  }
  if (w.length > 3) w = w.replace(/e$/, '');
  return w;
}

/** The content words of a text, as written (stop words and one-letter words dropped). */
function contentWords(text: string): string[] {
  return (text.match(/[\p{L}\p{N}]+(?:['’]s)?/gu) ?? []).filter(
    (w) => !STOP_WORDS.has(w.toLowerCase()) && (w.length > 1 || /\d/.test(w)),
  );
}

const stems = (text: string) => new Set(contentWords(text).map(stem));

/** A question made to stand alone: its text, its own words and those carried from before. */
export interface Resolved {
  text: string;
  own: string[];
  carried: string[];
}

/** Capitalised words (after the first, which any sentence capitalises): the names in a text. */
function names(text: string, skipFirst = true): string[] {
  const words = text.match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.slice(skipFirst ? 1 : 0).filter((w) => /^\p{Lu}/u.test(w) && w !== 'I');
}

/**
 * `question` as it stands alone after `previous` (itself already resolved, or null for the
 * first question of a thread).
 */
export function resolveFollowUp(previous: string | null, question: string): Resolved {
  const own = contentWords(question);
  const standalone = { text: question, own, carried: [] };
  if (!previous) return standalone;
  const elliptical = ELLIPSIS.test(question);
  const pronoun = PRONOUNS.test(question);
  if (!elliptical && !pronoun && own.length >= 2) return standalone;
  const prevText = previous.trim().replace(/\?+$/, '');
  if (elliptical) {
    const focus = question
      .trim()
      .replace(/\?+$/, '')
      .replace(/^\s*(and|but|also|what about|how about)\s+(for\s+|the\s+|about\s+)?/i, '')
      .trim();
    const focusNames = names(focus, false);
    const prevNames = names(prevText).filter((n) => !focusNames.includes(n));
    let replaced: string | null = null;
    let text: string;
    if (focusNames.length > 0 && prevNames.length > 0) {
      replaced = prevNames[0];
      text = prevText.replace(new RegExp(`\\b${replaced}\\b`), focusNames.join(' '));
    } else {
      const focusRole = contentWords(focus).find((w) => ROLES.has(w.toLowerCase()));
      const prevRole = contentWords(prevText).find(
        (w) => ROLES.has(w.toLowerCase()) && w.toLowerCase() !== focusRole?.toLowerCase(),
      );
      if (focusRole && prevRole) {
        replaced = prevRole;
        text = prevText.replace(new RegExp(`\\b${prevRole}\\b`), focusRole);
      } else text = `${prevText} for ${focus}`;
    }
    const ownStems = new Set(contentWords(focus).map(stem));
    const carried = contentWords(prevText).filter((w) => w !== replaced && !ownStems.has(stem(w)));
    return { text: `${text}?`, own: contentWords(focus), carried: unique(carried) };
  }
  const ownStems = new Set(own.map(stem));
  const carried = unique(contentWords(prevText).filter((w) => !ownStems.has(stem(w))));
  const text = carried.length
    ? `${question.trim().replace(/\?+$/, '')} (${carried.join(' ')})?`
    : question;
  return { text, own, carried };
}

function unique(words: string[]): string[] {
  const seen = new Set<string>();
  return words.filter((w) => {
    const s = stem(w);
    if (seen.has(s)) return false;
    seen.add(s);
    return true;
  });
}

/** Questions of a thread, oldest first, each resolved with the one before. */
function resolveThread(questions: string[]): Resolved {
  let resolved: Resolved | null = null;
  for (const q of questions) resolved = resolveFollowUp(resolved?.text ?? null, q);
  return resolved ?? { text: '', own: [], carried: [] };
}

/** A chat message's text (a string, or the text parts of a content array). */
export function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((p) => (p && typeof p === 'object' && typeof p.text === 'string' ? p.text : ''))
    .join('\n');
}

interface Candidate {
  text: string;
  passage: number;
  order: number;
  stems: Set<string>;
}

interface Passage {
  number: number;
  stems: Set<string>;
  candidates: Candidate[];
}

/** "[n] Title (where)\ntext" blocks of the prompt. */
function passagesOf(context: string): Passage[] {
  const heads = [...context.matchAll(/^\[(\d+)\] (.*)$/gm)];
  return heads.map((head, i) => {
    const start = head.index + head[0].length;
    const end = i + 1 < heads.length ? heads[i + 1].index : context.length;
    const number = Number(head[1]);
    const body = context.slice(start, end);
    const candidates = sentencesOf(body).map((text, order) => ({
      text,
      passage: number,
      order,
      stems: stems(text),
    }));
    return { number, stems: stems(`${head[2]}\n${body}`), candidates };
  });
}

/**
 * A passage's sentences; table rows (tab-separated, or "| a | b |") read as "Header: value; …"
 * with the header row itself left out; headings (short lines with no full stop) left out.
 */
function sentencesOf(body: string): string[] {
  const lines = body
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  const out: string[] = [];
  let header: string[] | null = null;
  let prose: string[] = [];
  const flushProse = () => {
    for (const line of joinWrapped(prose))
      for (const s of line.split(/(?<=[.!?])\s+(?=[\p{Lu}\d"'(])/u)) {
        const t = s.trim();
        const words = t.split(/\s+/).length;
        // A question in the text (an FAQ's heading) is not an answer.
        if (t.length >= 3 && !t.endsWith('?') && (/[.!:]$/.test(t) || words >= 6)) out.push(t);
      }
    prose = [];
  };
  for (const line of lines) {
    const cells = line.includes('\t')
      ? line.split('\t').map((c) => c.trim())
      : /^\|.*\|$/.test(line)
        ? line
            .slice(1, -1)
            .split('|')
            .map((c) => c.trim())
        : null;
    if (!cells) {
      header = null;
      prose.push(line);
      continue;
    }
    flushProse();
    if (!header) {
      header = cells;
      continue;
    }
    const h = header;
    out.push(
      cells
        .map((c, i) => (h[i] && c ? `${h[i]}: ${c}` : c))
        .filter(Boolean)
        .join('; '),
    );
  }
  flushProse();
  return out;
}

/** Lines cut mid-sentence (PDF, slides) joined again, as the extractive answer does. */
function joinWrapped(lines: string[]): string[] {
  const out: string[] = [];
  for (const line of lines) {
    const previous = out[out.length - 1];
    if (previous !== undefined && !/[.!?:;]$/.test(previous) && /^[\p{Ll}\d(]/u.test(line))
      out[out.length - 1] = `${previous} ${line}`;
    else out.push(line);
  }
  return out;
}

const AMOUNT_QUESTION =
  /^\s*(how (much|many|long|often|soon|quickly|far)|when|what time|(within|after|at) (how|what))\b/i;
const AMOUNT =
  /\d|\b(one|two|three|four|five|six|seven|eight|nine|ten|twelve|every|daily|weekly|monthly)\b/i;

/** A person's or a company's name: two capitalised words in a row ("Rafael Duarte", "Sun Life"). */
function hasName(text: string): boolean {
  return [...text.matchAll(/(\p{Lu}\p{Ll}+) (\p{Lu}\p{Ll}+)/gu)].some(
    (m) => !STOP_WORDS.has(m[1].toLowerCase()) && !STOP_WORDS.has(m[2].toLowerCase()),
  );
}

/** A sentence that refers back ("it is updated every 2 hours") is read with the one before it. */
const REFERS_BACK = /\b(it|its|they|them|their|this|these|those)\b/i;

/** The answer to `question` (already resolved) from the prompt's passages. */
export function answerFrom(
  context: string,
  question: Resolved,
  /** The previous answer of the conversation, if any: a follow-up most likely continues it. */
  previousAnswer = '',
): string {
  const answered = stems(previousAnswer.replace(/\[\d+\]/g, ' '));
  const passages = passagesOf(context);
  const own = new Set(question.own.map(stem));
  const carried = new Set(question.carried.map(stem).filter((s) => !own.has(s)));
  const all = [...own, ...carried];
  // A name or topic of the question that no passage mentions: the passages are about something else.
  for (const s of own) if (!passages.some((p) => p.stems.has(s))) return NOT_COVERED;
  const candidates = passages.flatMap((p) =>
    p.candidates.map((c, i) => {
      const previous =
        i > 0 && REFERS_BACK.test(c.text) ? p.candidates[i - 1].stems : new Set<string>();
      return { c, p, previous };
    }),
  );
  // Rarer words tell more: each weighs 1 + ln(sentences / sentences holding it).
  const weight = new Map(
    all.map((s) => {
      const df = candidates.filter(({ c }) => c.stems.has(s)).length;
      return [s, 1 + Math.log(Math.max(1, candidates.length) / Math.max(1, df))];
    }),
  );
  const passageCount = (s: string) => passages.filter((p) => p.stems.has(s)).length;
  const wantsAmount = AMOUNT_QUESTION.test(question.text);
  const wantsName = /^\s*who\b/i.test(question.text);
  const scored = candidates
    .map(({ c, p, previous }) => {
      const covered = all.filter((s) => c.stems.has(s) || previous.has(s));
      // A word only in the sentence before counts half; one only elsewhere in the passage, a quarter.
      const w = (s: string) =>
        c.stems.has(s)
          ? weight.get(s)!
          : previous.has(s)
            ? weight.get(s)! / 2
            : p.stems.has(s)
              ? weight.get(s)! / 4
              : 0;
      // "How much", "when": a sentence with a number or a time in it is more likely the answer.
      const bonus =
        (wantsAmount && AMOUNT.test(c.text)) || (wantsName && hasName(c.text)) ? 0.5 : 0;
      const ownScore = [...own].reduce((sum, s) => sum + w(s), bonus);
      // A sentence the previous answer already quoted: what "it" or "them" most likely means.
      const said = [...c.stems].filter((x) => answered.has(x)).length;
      const continues = c.stems.size > 0 && said / c.stems.size >= 0.6 ? 1 : 0;
      const total = all.reduce((sum, s) => sum + w(s), bonus + continues);
      return { c, covered, ownScore, total };
    })
    .sort(
      (a, b) =>
        b.ownScore - a.ownScore ||
        b.total - a.total ||
        a.c.passage - b.c.passage ||
        a.c.order - b.c.order,
    );
  const best = scored[0];
  const ownCovered = (s: (typeof scored)[number]) => s.covered.filter((x) => own.has(x));
  const enough = (s: (typeof scored)[number]) =>
    (own.size === 0 || ownCovered(s).length > 0) &&
    (s.covered.length >= 2 || (s.covered.length === 1 && passageCount(s.covered[0]) === 1));
  if (!best || !enough(best)) return NOT_COVERED;
  // A second sentence only when it answers a part of the question the first leaves out.
  const norm = (t: string) => t.toLowerCase().replace(/\s+/g, ' ');
  const first = new Set(best.covered);
  const second = scored.find(
    (s) =>
      s !== best &&
      norm(s.c.text) !== norm(best.c.text) &&
      enough(s) &&
      all.filter((x) => s.c.stems.has(x)).length >= 2 &&
      s.covered.some((x) => own.has(x) && !first.has(x)) &&
      s.total >= 0.75 * best.total,
  );
  return [best, ...(second ? [second] : [])].map((s) => `${s.c.text} [${s.c.passage}]`).join(' ');
}

/** The responder: `fake.reply(answerModel)`. */
export function answerModel(req: FakeOpenAIRequest): FakeReply {
  const messages: { role: string; content: unknown }[] = req.body?.messages ?? [];
  const system = messages.find((m) => m.role === 'system');
  const lastUser = [...messages].reverse().find((m) => m.role === 'user');
  const user = textOf(lastUser?.content);
  if (system && /standalone/i.test(textOf(system.content))) {
    const followUp = /Follow-up:\s*([\s\S]+)$/.exec(user)?.[1]?.trim() ?? '';
    const earlier = [...user.matchAll(/^User: (.*)$/gm)].map((m) => m[1].trim());
    return { kind: 'answer', text: resolveThread([...earlier, followUp]).text };
  }
  const at = user.lastIndexOf('\n\nQuestion:');
  const question = at === -1 ? user : user.slice(at + '\n\nQuestion:'.length).trim();
  const context = at === -1 ? '' : user.slice(0, at).replace(/^Passages:\s*/, '');
  const earlier = messages.slice(0, lastUser ? messages.lastIndexOf(lastUser) : messages.length);
  const history = earlier.filter((m) => m.role === 'user').map((m) => textOf(m.content).trim());
  const previousAnswer = textOf(earlier.filter((m) => m.role === 'assistant').pop()?.content);
  return {
    kind: 'answer',
    text: answerFrom(context, resolveThread([...history, question]), previousAnswer),
  };
}
