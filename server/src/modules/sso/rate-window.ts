/**
 * A per-key budget over a fixed window, in memory (per process): enough to keep a public
 * endpoint from being hammered from one address. Several instances each keep their own count.
 */
export class RateWindow {
  private readonly counts = new Map<string, { start: number; n: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  /** Counts one request; answers the seconds to wait when the key is over its budget, else 0. */
  hit(key: string, now = Date.now()): number {
    const entry = this.counts.get(key);
    if (!entry || now - entry.start >= this.windowMs) {
      if (this.counts.size > 10_000) this.sweep(now);
      this.counts.set(key, { start: now, n: 1 });
      return 0;
    }
    entry.n++;
    if (entry.n <= this.limit) return 0;
    return Math.max(1, Math.ceil((entry.start + this.windowMs - now) / 1000));
  }

  private sweep(now: number) {
    for (const [key, entry] of this.counts)
      if (now - entry.start >= this.windowMs) this.counts.delete(key);
  }
}
