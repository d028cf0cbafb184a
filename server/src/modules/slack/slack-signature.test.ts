import { describe, expect, it } from 'vitest';
import { signSlackRequest, verifySlackSignature } from './slack-signature.js';

const body = Buffer.from('token=x&team_id=T1&text=hello');
const now = 1_800_000_000;
const signed = (secret: string, at: number) => ({
  timestamp: String(at),
  signature: signSlackRequest(secret, String(at), body),
});

describe('verifySlackSignature', () => {
  it('accepts Slack’s signature within five minutes', () => {
    expect(verifySlackSignature('s3cret', signed('s3cret', now - 299), body, now)).toBe(true);
  });
  it('refuses another secret, a changed body, a stale or future timestamp, an empty secret', () => {
    expect(verifySlackSignature('s3cret', signed('other', now), body, now)).toBe(false);
    expect(verifySlackSignature('s3cret', signed('s3cret', now), Buffer.from('x'), now)).toBe(
      false,
    );
    expect(verifySlackSignature('s3cret', signed('s3cret', now - 301), body, now)).toBe(false);
    expect(verifySlackSignature('s3cret', signed('s3cret', now + 301), body, now)).toBe(false);
    expect(verifySlackSignature('', signed('', now), body, now)).toBe(false);
    expect(
      verifySlackSignature('s3cret', { timestamp: 'abc', signature: 'v0=00' }, body, now),
    ).toBe(false);
    expect(
      verifySlackSignature('s3cret', { timestamp: String(now), signature: undefined }, body, now),
    ).toBe(false);
  });
});
