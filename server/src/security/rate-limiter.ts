import type { DataSource } from 'typeorm';

/**
 * A limit on one kind of event per key: `limit` events within `windowSeconds` lock the key for
 * `lockSeconds`. For failures (sign-in) the limit-th failure locks; for request budgets
 * (`take`) the request one over the limit is refused.
 */
export interface RateRule {
  limit: number;
  windowSeconds: number;
  lockSeconds: number;
}

/** Failed sign-ins per account: five, then a quarter of an hour's pause. */
export const ACCOUNT_RULE: RateRule = { limit: 5, windowSeconds: 15 * 60, lockSeconds: 15 * 60 };
/** Failed sign-ins per client address (many accounts behind one address). */
export const ADDRESS_RULE: RateRule = { limit: 30, windowSeconds: 15 * 60, lockSeconds: 15 * 60 };
/** Accounts created from one client address: enough for a team's admins, not for a script. */
export const SIGNUP_RULE: RateRule = { limit: 10, windowSeconds: 60 * 60, lockSeconds: 60 * 60 };

/** A budget of `perMinute` requests a minute (questions, SSO redirects, SCIM calls…). */
export const perMinute = (perMinute: number): RateRule => ({
  limit: perMinute + 1,
  windowSeconds: 60,
  lockSeconds: 60,
});

/**
 * The one rate limiter: every limit in the product (sign-in, sign-up, current-password checks,
 * questions, public chat, SSO, SCIM, API keys) counts here, in Postgres, so a limit holds
 * across every app instance behind a load balancer. Each count is one atomic upsert timed by
 * the database's clock (instances' clocks may differ); locks are read in one query for several
 * keys (an account and its address).
 *
 * Why not rate-limiter-flexible's Postgres store: it times windows with each instance's own
 * clock, and has no "locked at the n-th failure, read several keys at once" shape that the
 * sign-in rules need; the two statements below are the whole of what we use.
 */
export class RateLimiter {
  constructor(private readonly db: DataSource) {}

  /** Seconds left on the longest lock among the keys, or 0 when none is locked. */
  async lockedFor(keys: string[]): Promise<number> {
    const rows: { seconds: number }[] = await this.db.query(
      `SELECT ceil(extract(epoch FROM locked_until - now()))::int AS seconds
         FROM rate_limits WHERE key = ANY($1) AND locked_until > now()`,
      [keys],
    );
    return rows.reduce((max, r) => Math.max(max, r.seconds), 0);
  }

  /** Counts one event (a failure); answers whether the key is now locked. */
  async recordFailure(key: string, rule: RateRule): Promise<boolean> {
    const rows: { locked: boolean }[] = await this.db.query(
      `INSERT INTO rate_limits AS t (key, failures, window_started_at, locked_until)
       VALUES ($1, 1, now(), CASE WHEN 1 >= $2 THEN now() + make_interval(secs => $4) END)
       ON CONFLICT (key) DO UPDATE SET
         failures = CASE WHEN t.window_started_at < now() - make_interval(secs => $3) THEN 1 ELSE t.failures + 1 END,
         window_started_at = CASE WHEN t.window_started_at < now() - make_interval(secs => $3) THEN now() ELSE t.window_started_at END,
         locked_until = CASE
           WHEN (CASE WHEN t.window_started_at < now() - make_interval(secs => $3) THEN 1 ELSE t.failures + 1 END) >= $2
           THEN now() + make_interval(secs => $4) ELSE t.locked_until END
       RETURNING locked_until > now() AS locked`,
      [key, rule.limit, rule.windowSeconds, rule.lockSeconds],
    );
    return rows[0]?.locked === true;
  }

  /**
   * Counts one request against a budget (see `perMinute`); answers 0 when it may go on, else
   * the seconds to wait. A request while locked is refused without being counted; the request
   * one over the budget is refused however many arrive at once (the count is one upsert).
   */
  async take(key: string, rule: RateRule): Promise<number> {
    const wait = await this.lockedFor([key]);
    if (wait > 0) return wait;
    return (await this.recordFailure(key, rule)) ? rule.lockSeconds : 0;
  }

  async clear(key: string): Promise<void> {
    await this.db.query(`DELETE FROM rate_limits WHERE key = $1`, [key]);
  }

  /** Deletes counters whose window and lock ended a day ago (a scheduled task). */
  async prune(): Promise<number> {
    const [rows]: [unknown[], number] = await this.db.query(
      `DELETE FROM rate_limits
        WHERE window_started_at < now() - interval '1 day'
          AND (locked_until IS NULL OR locked_until < now() - interval '1 day')
        RETURNING key`,
    );
    return rows.length;
  }
}
