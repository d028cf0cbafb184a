import { describe, expect, it } from 'vitest';
import { ProviderBreaker } from './provider-breaker.js';

/** A breaker on a clock the test moves. */
function breakerAt(start = 1_000_000) {
  let now = start;
  const breaker = new ProviderBreaker({ cooldownMs: 100, maxCooldownMs: 350, now: () => now });
  return { breaker, wait: (ms: number) => (now += ms) };
}

describe('provider circuit breaker', () => {
  it('lets every call through while the key works', () => {
    const { breaker } = breakerAt();
    for (let i = 0; i < 3; i++) {
      expect(breaker.admit('k')).toEqual({ call: true });
      breaker.succeeded('k');
    }
    expect(breaker.state('k')).toBe('ok');
  });

  for (const kind of ['timeout', 'unavailable', 'rate_limit'] as const) {
    it(`opens on ${kind}: calls are refused for the cool-down, then one tries again`, () => {
      const { breaker, wait } = breakerAt();
      breaker.admit('k');
      breaker.failed('k', kind, 'The AI provider could not be reached.');
      expect(breaker.state('k')).toBe('cooling_down');
      expect(breaker.admit('k')).toEqual({
        call: false,
        state: 'cooling_down',
        reason: 'The AI provider could not be reached.',
      });
      wait(99);
      expect(breaker.admit('k').call).toBe(false);
      wait(1);
      // Half-open: one caller probes, the others keep answering without the provider.
      expect(breaker.admit('k').call).toBe(true);
      expect(breaker.admit('k').call).toBe(false);
      breaker.succeeded('k');
      expect(breaker.state('k')).toBe('ok');
      expect(breaker.admit('k').call).toBe(true);
    });
  }

  it('doubles the cool-down on each failure in a row, up to the longest', () => {
    const { breaker, wait } = breakerAt();
    const cooldowns: number[] = [];
    for (let i = 0; i < 4; i++) {
      // The first call, then each time the one probe after the cool-down.
      expect(breaker.admit('k').call).toBe(true);
      breaker.failed('k', 'timeout', 'slow');
      let waited = 0;
      while (breaker.state('k') === 'cooling_down') {
        wait(10);
        waited += 10;
      }
      cooldowns.push(waited);
    }
    expect(cooldowns).toEqual([100, 200, 350, 350]);
    // A success resets it: the next failure starts from the first cool-down again.
    breaker.succeeded('k');
    breaker.failed('k', 'timeout', 'slow');
    expect(breaker.retryAt('k')?.getTime()).toBe(1_000_000 + 100 + 200 + 350 + 350 + 100);
  });

  it('keys are independent', () => {
    const { breaker } = breakerAt();
    breaker.failed('a', 'unavailable', 'down');
    expect(breaker.admit('a').call).toBe(false);
    expect(breaker.admit('b').call).toBe(true);
    expect(breaker.state('b')).toBe('ok');
  });

  it('a rejected request says the provider is up; a refusal is left to markInvalid', () => {
    const { breaker, wait } = breakerAt();
    breaker.failed('k', 'timeout', 'slow');
    wait(100);
    expect(breaker.admit('k').call).toBe(true);
    breaker.failed('k', 'rejected', 'bad model');
    expect(breaker.state('k')).toBe('ok');
    breaker.failed('k', 'auth', 'refused');
    expect(breaker.state('k')).toBe('ok');
  });

  it('an invalid key is refused until cleared, whatever the time', () => {
    const { breaker, wait } = breakerAt();
    breaker.markInvalid('server', 'The AI provider refused the API key.');
    wait(10_000_000);
    expect(breaker.admit('server')).toEqual({
      call: false,
      state: 'invalid',
      reason: 'The AI provider refused the API key.',
    });
    breaker.succeeded('server');
    expect(breaker.state('server')).toBe('invalid');
    breaker.clear('server');
    expect(breaker.admit('server').call).toBe(true);
  });

  it('a probe that ends without a verdict lets the next caller probe', () => {
    const { breaker, wait } = breakerAt();
    breaker.failed('k', 'timeout', 'slow');
    wait(100);
    expect(breaker.admit('k').call).toBe(true);
    expect(breaker.admit('k').call).toBe(false);
    breaker.released('k');
    expect(breaker.admit('k').call).toBe(true);
  });

  it('a probe that never reports stops blocking after the longest cool-down', () => {
    const { breaker, wait } = breakerAt();
    breaker.failed('k', 'timeout', 'slow');
    wait(100);
    expect(breaker.admit('k').call).toBe(true);
    wait(349);
    expect(breaker.admit('k').call).toBe(false);
    wait(1);
    expect(breaker.admit('k').call).toBe(true);
  });
});
