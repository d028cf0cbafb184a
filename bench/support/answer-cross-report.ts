/** What bench:answers -- --cross prints (bench/support/answer-protocol.ts computes it). */
import { share, type Ratio } from './answer-scoring.js';
import { choose, MINIMUMS, outcome, type Observation, type Outcome } from './answer-protocol.js';

const MODEL_MINIMUMS = [0, 0.1, 0.2, 0.3, 0.4, 0.5];
const pct = (r: Ratio) => share(r).split(' ')[0];
const row = (o: Outcome) =>
  `facts ${pct(o.facts).padStart(4)}  follow-ups ${pct(o.followUps).padStart(4)}  nf P ${pct(o.precision).padStart(4)}  nf R ${pct(o.recall).padStart(4)}  balanced ${(100 * o.balanced).toFixed(1)}`;

export function crossReport(
  observed: Map<string, Map<string, Observation[]>>,
  sets: string[],
  baselineConfig: string,
) {
  const mean = (config: string, minimum: number, among = sets) =>
    among.reduce((s, set) => s + outcome(observed.get(config)!.get(set)!, minimum, 0).balanced, 0) /
    among.length;
  const ranked = [...observed.keys()]
    .flatMap((config) => MINIMUMS.map((minimum) => ({ config, minimum, m: mean(config, minimum) })))
    .sort((a, b) => b.m - a.m);
  console.log('\nbest configurations over every set (mean balanced accuracy):');
  for (const r of ranked.slice(0, 8))
    console.log(`  ${(100 * r.m).toFixed(1)}  minimum=${r.minimum} ${r.config}`);
  console.log(
    `  baseline ${(100 * mean(baselineConfig, 0.6)).toFixed(1)}  minimum=0.6 ${baselineConfig}`,
  );

  console.log('\nleave one set out (chosen on the others, scored on the one left out):');
  let gainsEverywhere = true;
  for (const held of sets) {
    const others = sets.filter((s) => s !== held);
    const choice = choose(observed, others);
    const out = outcome(observed.get(choice.config)!.get(held)!, choice.minimum, 0);
    const base = outcome(observed.get(baselineConfig)!.get(held)!, 0.6, 0);
    if (out.balanced <= base.balanced) gainsEverywhere = false;
    console.log(`  ${held}: chosen minimum=${choice.minimum} ${choice.config}`);
    console.log(`    held out  ${row(out)}`);
    console.log(`    baseline  ${row(base)}`);
  }
  console.log(
    gainsEverywhere
      ? '  the held-out choice gains on every set'
      : '  the held-out choice does NOT gain on every set',
  );

  const all = choose(observed, sets);
  console.log(`\nchosen on every set: minimum=${all.minimum} ${all.config}`);
  for (const set of sets)
    console.log(
      `  ${set.padEnd(20)} ${row(outcome(observed.get(all.config)!.get(set)!, all.minimum, 0))}`,
    );
  console.log('  context recall (a passage stating the fact given to a model) by modelMinimum:');
  for (const m of MODEL_MINIMUMS)
    console.log(
      `    ${String(m).padEnd(4)} ${sets
        .map(
          (set) =>
            `${set} ${pct(outcome(observed.get(all.config)!.get(set)!, all.minimum, m).contextRecall)}`,
        )
        .join('  ')}`,
    );
}
