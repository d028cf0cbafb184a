import { PostgresQueryRunner } from 'typeorm/driver/postgres/PostgresQueryRunner.js';

/**
 * Time spent in each SQL statement, grouped by its text with literals and numbers blanked (the
 * ranking inlines its weights). Installed on TypeORM's Postgres query runner, so every query the
 * server makes in this process is counted; `reset` starts a new count, `print` lists the costliest.
 */
export function installSqlProfile() {
  const spent = new Map<string, { calls: number; ms: number }>();
  const runner = PostgresQueryRunner.prototype as unknown as {
    query: (...args: unknown[]) => Promise<unknown>;
  };
  const query = runner.query;
  runner.query = async function (this: unknown, ...args: unknown[]) {
    const started = performance.now();
    try {
      return await query.apply(this, args);
    } finally {
      const key = String(args[0])
        .replace(/\s+/g, ' ')
        .replace(/'[^']*'/g, "'…'")
        .replace(/\b\d+(\.\d+)?(e-?\d+)?\b/g, 'N')
        .trim()
        .slice(0, 140);
      const row = spent.get(key) ?? { calls: 0, ms: 0 };
      row.calls++;
      row.ms += performance.now() - started;
      spent.set(key, row);
    }
  };
  return {
    reset: () => spent.clear(),
    /** The `top` statements by total time, per question asked (`questions`). */
    print(label: string, questions: number, top = 12) {
      console.log(
        `  SQL time per question ${label} (ms per question, calls per question, statement):`,
      );
      for (const [key, row] of [...spent].sort((a, b) => b[1].ms - a[1].ms).slice(0, top))
        console.log(
          `    ${(row.ms / questions).toFixed(2).padStart(7)} ${(row.calls / questions).toFixed(1).padStart(5)}  ${key}`,
        );
    },
  };
}
