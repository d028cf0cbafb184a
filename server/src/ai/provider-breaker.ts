import type { ProviderFailure } from './chat-provider.js';

/** What a key's answers can expect now; `invalid`: refused by the provider until saved again. */
export type ProviderState = 'ok' | 'cooling_down' | 'invalid';

/** The answer to "may this question call the provider on this key?". */
export type BreakerGate =
  { call: true } | { call: false; state: Exclude<ProviderState, 'ok'>; reason: string | null };

export interface ProviderBreakerOptions {
  /** The first cool-down after a failure; each failure in a row doubles it. */
  cooldownMs?: number;
  /** The longest cool-down. */
  maxCooldownMs?: number;
  now?: () => number;
}

/** Failures that say the provider is down or overloaded (not that the request was wrong). */
const OPENING: ReadonlySet<ProviderFailure> = new Set(['timeout', 'unavailable', 'rate_limit']);

interface KeyState {
  /** Opening failures in a row (0: closed). */
  failures: number;
  openUntil: number;
  /** When the one question allowed through after the cool-down set off (half-open), else 0. */
  probeSince: number;
  reason: string | null;
  /** Set when the provider refused the key; kept until `clear`. */
  invalid: string | null;
}

/**
 * A circuit breaker per provider key, so a failing key costs one slow question rather than every
 * question. After a timeout, an outage or a rate limit the key is left alone for a cool-down
 * (30 s, doubling on each failure in a row up to 10 min); then one question tries it again and
 * its success closes the breaker. A key the provider refuses is invalid until cleared.
 *
 * Keys are named by an id (a saved key's row id, or `server`), never by the secret. The state
 * lives in this process's memory: each instance learns about an outage by its own first failure,
 * which costs one slow question per instance and needs no shared store. (A refused saved key is
 * also written to its row by the caller, so every instance stops using it.)
 */
export class ProviderBreaker {
  private readonly keys = new Map<string, KeyState>();
  private readonly cooldownMs: number;
  private readonly maxCooldownMs: number;
  private readonly now: () => number;

  constructor(options: ProviderBreakerOptions = {}) {
    this.cooldownMs = options.cooldownMs ?? 30_000;
    this.maxCooldownMs = Math.max(this.cooldownMs, options.maxCooldownMs ?? 600_000);
    this.now = options.now ?? Date.now;
  }

  /**
   * Whether a question may call the provider now. After the cool-down only one caller at a
   * time is let through (it must report with succeeded, failed or released); a probe that never
   * reports stops blocking after the longest cool-down.
   */
  admit(keyId: string): BreakerGate {
    const key = this.keys.get(keyId);
    if (!key) return { call: true };
    if (key.invalid !== null) return { call: false, state: 'invalid', reason: key.invalid };
    if (this.state(keyId) === 'cooling_down')
      return { call: false, state: 'cooling_down', reason: key.reason };
    if (key.failures > 0) key.probeSince = this.now();
    return { call: true };
  }

  /** The provider answered: the breaker closes. */
  succeeded(keyId: string): void {
    const key = this.keys.get(keyId);
    if (key && key.invalid === null) this.keys.delete(keyId);
  }

  /**
   * The provider failed. Outages, timeouts and rate limits open the breaker (longer each time in
   * a row); `rejected` (a bad request) says the provider is up, so it closes it; `auth` is the
   * caller's to record with markInvalid (a saved key's state belongs in the database).
   */
  failed(keyId: string, kind: ProviderFailure, reason: string): void {
    if (!OPENING.has(kind)) {
      if (kind === 'rejected') this.succeeded(keyId);
      else this.released(keyId);
      return;
    }
    const key = this.entry(keyId);
    key.failures += 1;
    const cooldown = Math.min(this.cooldownMs * 2 ** (key.failures - 1), this.maxCooldownMs);
    key.openUntil = this.now() + cooldown;
    key.probeSince = 0;
    key.reason = reason;
  }

  /** The call ended without a verdict (the asker went away): the next question may probe. */
  released(keyId: string): void {
    const key = this.keys.get(keyId);
    if (key) key.probeSince = 0;
  }

  /** The provider refused the key: no calls until `clear` (for keys kept only in memory). */
  markInvalid(keyId: string, reason: string): void {
    this.entry(keyId).invalid = reason;
  }

  /** Forgets everything about the key (it was saved again, or removed). */
  clear(keyId: string): void {
    this.keys.delete(keyId);
  }

  /** Every key, forgotten (tests). */
  reset(): void {
    this.keys.clear();
  }

  /** The key's state now, without taking the half-open turn. */
  state(keyId: string): ProviderState {
    const key = this.keys.get(keyId);
    if (!key) return 'ok';
    if (key.invalid !== null) return 'invalid';
    if (key.failures === 0) return 'ok';
    const now = this.now();
    const probing = key.probeSince > 0 && now - key.probeSince < this.maxCooldownMs;
    return now < key.openUntil || probing ? 'cooling_down' : 'ok';
  }

  /** When the cool-down ends (null: not cooling down). */
  retryAt(keyId: string): Date | null {
    const key = this.keys.get(keyId);
    if (!key || this.state(keyId) !== 'cooling_down') return null;
    return new Date(Math.max(key.openUntil, this.now()));
  }

  private entry(keyId: string): KeyState {
    let key = this.keys.get(keyId);
    if (!key) {
      key = { failures: 0, openUntil: 0, probeSince: 0, reason: null, invalid: null };
      this.keys.set(keyId, key);
    }
    return key;
  }
}
