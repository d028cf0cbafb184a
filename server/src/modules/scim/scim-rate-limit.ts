/**
 * Requests one SCIM token may make per minute, counted per instance in memory (a fixed window):
 * enough for an IdP's sync (Entra asks for 25 per second), not for a runaway loop.
 */
export class ScimRateLimit {
  private readonly windows = new Map<string, { startedAt: number; count: number }>();

  constructor(private readonly perMinute: number) {}

  /** Counts one request; answers 0 when allowed, else the seconds until the window ends. */
  take(tokenId: string, now = Date.now()): number {
    const window = this.windows.get(tokenId);
    if (!window || now - window.startedAt >= 60_000) {
      if (this.windows.size > 10_000) this.windows.clear(); // revoked tokens never come back
      this.windows.set(tokenId, { startedAt: now, count: 1 });
      return 0;
    }
    window.count++;
    if (window.count <= this.perMinute) return 0;
    return Math.max(1, Math.ceil((window.startedAt + 60_000 - now) / 1000));
  }
}
