/**
 * bench:answers' held-out protocol (`-- --cross`): every setting of the answer is chosen on the
 * other sets and scored on the one left out, every way round, as bench:retrieval's is over
 * collections. Each configuration of the knobs is asked once per set with the not-found gate
 * open (COVERAGE.minimum 0), each turn keeping its best coverage and whether its answer was
 * right; the gate's threshold is then swept offline over those observations. (The one
 * approximation: a follow-up is asked after its previous turn was answered, where a higher
 * threshold might have answered that turn "not found".)
 */
import { rate, type Ratio } from './answer-scoring.js';
import type { Question } from './answer-sets.js';

export interface Observation {
  set: string;
  q: Question;
  /** The best coverage of the question by a place of its passages. */
  coverage: number;
  /** Whether an answer came (found) when the gate was open, and whether it was right. */
  answered: boolean;
  right: boolean;
  /** Whether a passage given to the answer held the fact (what a model would be given). */
  inContext: boolean;
}

export interface Outcome {
  facts: Ratio;
  followUps: Ratio;
  precision: Ratio;
  recall: Ratio;
  contextRecall: Ratio;
  /**
   * What the protocol maximises: the mean of the share of answerable turns answered right and
   * the F1 of "not found" (its precision and recall). A wrong quote and a "not found" to an
   * answerable question both lose the first; the "not found" also costs precision: the answer
   * says "not found" only when the sources really do not say.
   */
  balanced: number;
}

/** What the answer would have been with the gate at `minimum` (and `modelMinimum` for a model). */
export function outcome(obs: Observation[], minimum: number, modelMinimum: number): Outcome {
  const notFound = (o: Observation) => !o.answered || o.coverage < minimum;
  const right = (o: Observation) => (o.q.fact === null ? notFound(o) : !notFound(o) && o.right);
  const ratio = (list: Observation[], ok: (o: Observation) => boolean): Ratio => [
    list.filter(ok).length,
    list.length,
  ];
  const answerable = obs.filter((o) => o.q.fact !== null);
  const unanswerable = obs.filter((o) => o.q.fact === null);
  const answeredRight = rate(ratio(answerable, right));
  const recall = ratio(unanswerable, notFound);
  return {
    facts: ratio(
      answerable.filter((o) => !o.q.thread),
      right,
    ),
    followUps: ratio(
      obs.filter((o) => o.q.thread),
      right,
    ),
    precision: ratio(obs.filter(notFound), (o) => o.q.fact === null),
    recall,
    contextRecall: ratio(answerable, (o) => o.inContext && o.coverage >= modelMinimum),
    balanced:
      (answeredRight +
        f1(
          ratio(obs.filter(notFound), (o) => o.q.fact === null),
          recall,
        )) /
      2,
  };
}

/** F1 of precision and recall (a set with no unanswerable question scores 1). */
function f1(precision: Ratio, recall: Ratio): number {
  if (recall[1] === 0) return 1;
  const p = rate(precision);
  const r = rate(recall);
  return Number.isNaN(p) || p + r === 0 ? 0 : (2 * p * r) / (p + r);
}

export const MINIMUMS = [
  0, 0.1, 0.2, 0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8, 0.85, 0.9,
];

export interface Choice {
  config: string;
  minimum: number;
  /** The mean balanced accuracy over the sets it was chosen on. */
  trained: number;
}

/**
 * The configuration and threshold with the best mean balanced accuracy over `sets`
 * (observations by configuration, then by set).
 */
export function choose(observed: Map<string, Map<string, Observation[]>>, sets: string[]): Choice {
  let best: Choice | null = null;
  for (const [config, bySet] of observed)
    for (const minimum of MINIMUMS) {
      const mean =
        sets.reduce((sum, s) => sum + outcome(bySet.get(s)!, minimum, 0).balanced, 0) / sets.length;
      if (!best || mean > best.trained + 1e-9) best = { config, minimum, trained: mean };
    }
  return best!;
}
