/**
 * How bench:answers scores one answer and a set of them (see bench/answers.ts for the measures).
 */
import { NOT_FOUND_ANSWER } from '../../server/src/ai/not-found.js';
import { squash, type Question } from './answer-sets.js';

export interface Turn {
  q: Question;
  ms: number;
  answer: string;
  found: boolean | undefined;
  predictedNotFound: boolean;
  /** Found, but worded as a hedge ("may answer this"): the answer's `confidence` says so. */
  hedged: boolean;
  sources: { title: string; number: number }[];
  searchQuery: string;
  problems: string[];
  /** Scored as right for its kind (fact, follow-up or not found). */
  right: boolean;
  duplicate: boolean;
  numbering: boolean;
  /** With a model: whether a prompt it was given held the fact (null: no fact, or no model). */
  context: boolean | null;
  /** With a model: whether the model answered (did not say the sources do not cover it). */
  modelAnswered: boolean | null;
}

export interface AskBody {
  searchQuery?: string;
  answer: {
    answer: string;
    found?: boolean;
    confidence?: string;
    sources?: { title: string; number: number }[];
    related?: { title: string }[];
  };
}

/** One answer against its question. */
export function score(
  q: Question,
  body: AskBody,
  titleOf: Map<string, string>,
): Omit<Turn, 'ms' | 'context' | 'modelAnswered'> {
  const { answer, found } = body.answer;
  const sources = body.answer.sources ?? [];
  const related = body.answer.related ?? [];
  const predictedNotFound = found === undefined ? answer === NOT_FOUND_ANSWER : found === false;
  const hedged = !predictedNotFound && body.answer.confidence === 'POSSIBLE';
  const problems: string[] = [];
  let right: boolean;
  if (q.fact === null) {
    right = predictedNotFound;
    if (!right)
      problems.push(
        sources.length === 0
          ? 'answered without a citation (a refusal not marked as not found?), but the documents do not say'
          : `${hedged ? 'hedged' : 'answered'}, but the documents do not say`,
      );
  } else if (predictedNotFound) {
    right = false;
    const titles = new Set(q.documents!.map((d) => titleOf.get(d)));
    const retrieved = [...sources, ...related].some((s) => titles.has(s.title));
    problems.push(
      `not found, but "${q.fact}" is in ${q.documents!.join(', ')} (${retrieved ? 'among the related passages' : 'not retrieved'})`,
    );
  } else {
    const hasFact = squash(answer).includes(squash(q.fact));
    const titles = new Set(q.documents!.map((d) => titleOf.get(d)));
    const cites = sources.some((s) => titles.has(s.title));
    if (!hasFact) problems.push(`no "${q.fact}"`);
    if (!cites) {
      const retrieved = related.some((s) => titles.has(s.title));
      problems.push(
        `cites ${sources.length ? sources.map((s) => `[${s.number}] ${s.title}`).join(', ') : 'nothing'}, not ${[...titles].join(' / ')} (${retrieved ? 'among the related passages' : 'not retrieved'})`,
      );
    }
    right = hasFact && cites;
  }
  const duplicate = hasDuplicateSentence(answer);
  if (duplicate) problems.push('a sentence twice');
  const numberingError = numberingProblem(answer, sources);
  if (numberingError) problems.push(numberingError);
  return {
    q,
    answer,
    found,
    predictedNotFound,
    hedged,
    sources,
    searchQuery: body.searchQuery ?? q.question,
    problems,
    right,
    duplicate,
    numbering: numberingError !== null,
  };
}

/** The same sentence twice in one answer, [n] markers and spacing ignored. */
function hasDuplicateSentence(answer: string): boolean {
  const sentences = answer
    .split(/\[\d+\]|\n+|(?<=[.!?])\s+/)
    .map((s) => squash(s).replace(/[\s.!?;:,]+$/, ''))
    .filter((s) => s.length >= 3);
  return new Set(sentences).size < sentences.length;
}

/** Why the answer's [n] are badly numbered, or null: 1,2,…,k in order, and those of the sources. */
function numberingProblem(answer: string, sources: { number: number }[]): string | null {
  const order: number[] = [];
  for (const m of answer.matchAll(/\[(\d+)\]/g))
    if (!order.includes(Number(m[1]))) order.push(Number(m[1]));
  const problems: string[] = [];
  if (order.some((n, i) => n !== i + 1))
    problems.push(`cites [${order.join('], [')}] in that order`);
  const cited = [...order].sort((a, b) => a - b).join(',');
  const listed = sources
    .map((s) => s.number)
    .sort((a, b) => a - b)
    .join(',');
  if (cited !== listed) problems.push(`cites {${cited}} but the sources are {${listed}}`);
  return problems.length ? `numbering: ${problems.join('; ')}` : null;
}

const pct = (values: number[], p: number) => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

export type Ratio = [number, number];

export interface Figures {
  facts: Ratio;
  followUps: Ratio;
  precision: Ratio;
  recall: Ratio;
  /** Answers worded as a hedge: [of the answerable ones, of the unanswerable ones]. */
  hedged: [number, number];
  /** With a model: answerable turns whose prompt held the fact. */
  contextRecall: Ratio;
  /** With a model: answerable turns the model answered that came back as not found. */
  replaced: Ratio;
  duplicates: number;
  numbering: number;
  answers: number;
  p50: number;
  p95: number;
}

export function figures(turns: Turn[]): Figures {
  const ratio = (list: Turn[], ok: (t: Turn) => boolean): Ratio => [
    list.filter(ok).length,
    list.length,
  ];
  const first = turns.filter((t) => !t.q.thread && t.q.fact !== null);
  const followUps = turns.filter((t) => t.q.thread);
  const predicted = turns.filter((t) => t.predictedNotFound);
  const unanswerable = turns.filter((t) => t.q.fact === null);
  const withContext = turns.filter((t) => t.context !== null);
  const modelAnswered = turns.filter((t) => t.q.fact !== null && t.modelAnswered === true);
  return {
    facts: ratio(first, (t) => t.right),
    followUps: ratio(followUps, (t) => t.right),
    precision: ratio(predicted, (t) => t.q.fact === null),
    recall: ratio(unanswerable, (t) => t.predictedNotFound),
    hedged: [
      turns.filter((t) => t.hedged && t.q.fact !== null).length,
      turns.filter((t) => t.hedged && t.q.fact === null).length,
    ],
    contextRecall: ratio(withContext, (t) => t.context === true),
    replaced: ratio(modelAnswered, (t) => t.predictedNotFound),
    duplicates: turns.filter((t) => t.duplicate).length,
    numbering: turns.filter((t) => t.numbering).length,
    answers: turns.length,
    p50: pct(
      turns.map((t) => t.ms),
      50,
    ),
    p95: pct(
      turns.map((t) => t.ms),
      95,
    ),
  };
}

export const TARGETS = {
  facts: 0.85,
  followUps: 0.8,
  precision: 0.85,
  recall: 0.75,
  contextRecall: 0.95,
};

export const rate = ([ok, n]: Ratio) => (n === 0 ? NaN : ok / n);
export const share = ([ok, n]: Ratio) =>
  n === 0 ? '— (0/0)' : `${((100 * ok) / n).toFixed(0)}% (${ok}/${n})`;
const ms = (n: number) => (Number.isNaN(n) ? '—' : `${n >= 100 ? n.toFixed(0) : n.toFixed(1)} ms`);

/** One mode's table over a set (ALL / tune / heldout), then each failing question. */
export function report(
  setName: string,
  mode: string,
  turns: Turn[],
  split: string,
  unexpectedModes: number,
  quiet = false,
) {
  const groups: [string, Turn[]][] = [['ALL', turns]];
  if (split === 'all')
    groups.push(
      ['tune', turns.filter((t) => t.q.split === 'tune')],
      ['heldout', turns.filter((t) => t.q.split === 'heldout')],
    );
  const figs = groups.map(([, list]) => figures(list));
  const met = (ok: boolean) => (ok ? 'met' : 'NOT met');
  const all = figs[0];
  const withModel = mode !== 'extractive';
  const rows: [string, (f: Figures) => string, string, string][] = [
    ['answerable facts', (f) => share(f.facts), '≥ 85%', met(rate(all.facts) >= TARGETS.facts)],
    [
      'follow-ups right',
      (f) => share(f.followUps),
      '≥ 80%',
      met(rate(all.followUps) >= TARGETS.followUps),
    ],
    [
      'not-found precision',
      (f) => share(f.precision),
      '≥ 85%',
      met(!(rate(all.precision) < TARGETS.precision)),
    ],
    ['not-found recall', (f) => share(f.recall), '≥ 75%', met(rate(all.recall) >= TARGETS.recall)],
    ['hedged (ans. / unans.)', (f) => `${f.hedged[0]} / ${f.hedged[1]}`, '', ''],
    ...(withModel
      ? ([
          [
            'context recall',
            (f) => share(f.contextRecall),
            '≥ 95%',
            met(rate(all.contextRecall) >= TARGETS.contextRecall),
          ],
          ['model answer replaced', (f) => share(f.replaced), '0', met(all.replaced[0] === 0)],
        ] as [string, (f: Figures) => string, string, string][])
      : []),
    [
      'duplicate sentences',
      (f) => `${f.duplicates} / ${f.answers}`,
      '0',
      met(all.duplicates === 0),
    ],
    ['numbering errors', (f) => `${f.numbering} / ${f.answers}`, '0', met(all.numbering === 0)],
    ['latency p50', (f) => ms(f.p50), '', ''],
    ['latency p95', (f) => ms(f.p95), '≤ 100 ms', met(!(all.p95 > 100))],
  ];
  const notFoundBy = turns.some((t) => t.found !== undefined)
    ? 'answer.found'
    : 'answer text = NOT_FOUND_ANSWER (no `found` field)';
  console.log(
    `\n${setName}, ${mode} mode: ${turns.length} answers; not found read from ${notFoundBy}`,
  );
  if (unexpectedModes > 0)
    console.log(
      `  note: ${unexpectedModes} answer${unexpectedModes === 1 ? ' was' : 's were'} not ${withModel ? 'generated' : 'extractive'}`,
    );
  const width = 24;
  console.log(
    `  ${''.padEnd(width)}${groups.map(([name]) => name.padStart(16)).join('')}   target     (ALL)`,
  );
  for (const [label, cell, target, verdict] of rows)
    console.log(
      `  ${label.padEnd(width)}${figs.map((f) => cell(f).padStart(16)).join('')}   ${target.padEnd(10)} ${verdict}`,
    );
  if (quiet) return;
  const failing = turns.filter((t) => t.problems.length > 0);
  console.log(`  failing (${failing.length}):`);
  for (const t of failing) {
    const searched =
      t.q.thread && t.searchQuery !== t.q.question ? `; searched "${t.searchQuery}"` : '';
    const start = t.answer.replace(/\s+/g, ' ').slice(0, 160);
    const context = t.context === false ? '; the prompt did not hold the fact' : '';
    console.log(
      `    ${t.q.id} (${t.q.split}) ${t.problems.join('; ')}${searched}${context}\n      Q: ${t.q.question}\n      A: ${start}${t.answer.length > 160 ? '…' : ''}`,
    );
  }
}

/** The sets side by side for one mode, and the worst set on each measure. */
export function summary(mode: string, rows: { set: string; figures: Figures }[]) {
  if (rows.length < 2) return;
  const measures: [string, (f: Figures) => Ratio | null][] = [
    ['facts', (f) => f.facts],
    ['follow-ups', (f) => f.followUps],
    ['nf precision', (f) => f.precision],
    ['nf recall', (f) => f.recall],
    ...(mode === 'extractive'
      ? []
      : ([
          ['context recall', (f) => f.contextRecall],
          ['replaced', (f) => f.replaced],
        ] as [string, (f: Figures) => Ratio | null][])),
  ];
  const width = Math.max(8, ...rows.map((r) => r.set.length)) + 2;
  console.log(`\n${mode} mode, every set:`);
  console.log(
    `  ${'set'.padEnd(width)}${measures.map(([m]) => m.padStart(16)).join('')}${'dup'.padStart(6)}${'num'.padStart(6)}${'p95'.padStart(10)}`,
  );
  for (const { set, figures: f } of rows)
    console.log(
      `  ${set.padEnd(width)}${measures.map(([, get]) => share(get(f)!).padStart(16)).join('')}${String(f.duplicates).padStart(6)}${String(f.numbering).padStart(6)}${ms(f.p95).padStart(10)}`,
    );
  const worst = measures.map(([name, get]) => {
    const higherIsWorse = name === 'replaced';
    const scored = rows
      .map((r) => ({ set: r.set, r: rate(get(r.figures)!) }))
      .filter((x) => !Number.isNaN(x.r));
    if (scored.length === 0) return '—'.padStart(16);
    const w = scored.reduce((a, b) => ((higherIsWorse ? b.r > a.r : b.r < a.r) ? b : a));
    return `${(100 * w.r).toFixed(0)}% ${w.set.slice(0, 9)}`.padStart(16);
  });
  console.log(
    `  ${'worst set'.padEnd(width)}${worst.join('')}${String(Math.max(...rows.map((r) => r.figures.duplicates))).padStart(6)}${String(Math.max(...rows.map((r) => r.figures.numbering))).padStart(6)}${ms(Math.max(...rows.map((r) => r.figures.p95))).padStart(10)}`,
  );
}
