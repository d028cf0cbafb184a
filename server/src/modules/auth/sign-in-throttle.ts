import type { DataSource } from 'typeorm';

export interface ThrottleRule {
  maxFailures: number;
  windowSeconds: number;
  lockSeconds: number;
}

export const ACCOUNT_RULE: ThrottleRule = {
  maxFailures: 5,
  windowSeconds: 15 * 60,
  lockSeconds: 15 * 60,
};
export const ADDRESS_RULE: ThrottleRule = {
  maxFailures: 30,
  windowSeconds: 15 * 60,
  lockSeconds: 15 * 60,
};

/** Accounts created from one client address: enough for a team's admins, not for a script. */
export const SIGNUP_RULE: ThrottleRule = {
  maxFailures: 10,
  windowSeconds: 60 * 60,
  lockSeconds: 60 * 60,
};

/**
 * Failed sign-in counters in Postgres (shared by every app instance). A key that reaches its
 * rule's failures within the window is locked for the cooling-off period.
 */
export class SignInThrottle {
  constructor(private readonly db: DataSource) {}

  /** Seconds left on the longest lock among the keys, or 0 when none is locked. */
  async lockedFor(keys: string[]): Promise<number> {
    const rows: { seconds: number }[] = await this.db.query(
      `SELECT ceil(extract(epoch FROM locked_until - now()))::int AS seconds
         FROM auth_throttle WHERE key = ANY($1) AND locked_until > now()`,
      [keys],
    );
    return rows.reduce((max, r) => Math.max(max, r.seconds), 0);
  }

  /** Counts one failure; answers whether the key is now locked. */
  async recordFailure(key: string, rule: ThrottleRule): Promise<boolean> {
    const rows: { locked: boolean }[] = await this.db.query(
      `INSERT INTO auth_throttle AS t (key, failures, window_started_at, locked_until)
       VALUES ($1, 1, now(), CASE WHEN 1 >= $2 THEN now() + make_interval(secs => $4) END)
       ON CONFLICT (key) DO UPDATE SET
         failures = CASE WHEN t.window_started_at < now() - make_interval(secs => $3) THEN 1 ELSE t.failures + 1 END,
         window_started_at = CASE WHEN t.window_started_at < now() - make_interval(secs => $3) THEN now() ELSE t.window_started_at END,
         locked_until = CASE
           WHEN (CASE WHEN t.window_started_at < now() - make_interval(secs => $3) THEN 1 ELSE t.failures + 1 END) >= $2
           THEN now() + make_interval(secs => $4) ELSE t.locked_until END
       RETURNING locked_until > now() AS locked`,
      [key, rule.maxFailures, rule.windowSeconds, rule.lockSeconds],
    );
    return rows[0]?.locked === true;
  }

  async clear(key: string): Promise<void> {
    await this.db.query(`DELETE FROM auth_throttle WHERE key = $1`, [key]);
  }
}
