/**
 * Checks an answer set as bench:answers would before asking it (ids, splits, threads, every
 * fact in the parsed text of its documents), and says which other documents also hold a fact:
 *   npx tsx --tsconfig bench/tsconfig.json bench/check-answer-set.ts DIR
 */
import { loadSet, squash } from './support/answer-sets.js';

const dir = process.argv[2];
if (!dir) {
  console.error('usage: bench/check-answer-set.ts DIR');
  process.exit(2);
}
loadSet(dir).then(
  (set) => {
    const kinds = { single: 0, turns: 0, unanswerable: 0 };
    for (const q of set.questions) {
      if (q.thread || set.questions.some((o) => o.thread === q.id)) kinds.turns++;
      else if (q.fact === null) kinds.unanswerable++;
      else kinds.single++;
      if (q.fact === null) continue;
      const others = [...set.texts]
        .filter(([name, text]) => !q.documents!.includes(name) && text.includes(squash(q.fact!)))
        .map(([name]) => name);
      if (others.length > 0) console.log(`${q.id}: "${q.fact}" is also in ${others.join(', ')}`);
    }
    console.log(
      `ok: ${set.questions.length} questions (${kinds.single} single, ${kinds.turns} thread turns, ${kinds.unanswerable} unanswerable) over ${set.files.size} documents`,
    );
  },
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  },
);
