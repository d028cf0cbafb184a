import { createHmac, timingSafeEqual } from 'node:crypto';

/** Slack signs with v0; a request older (or newer) than this is refused as a possible replay. */
export const SIGNATURE_WINDOW_SECONDS = 5 * 60;

/**
 * Whether a request is Slack's: `X-Slack-Signature` must be `v0=` + hex HMAC-SHA256 of
 * `v0:<X-Slack-Request-Timestamp>:<raw body>` under the app's signing secret, and the
 * timestamp within five minutes of now. The raw bytes are signed: never a re-serialised body.
 * An empty secret verifies nothing.
 */
export function verifySlackSignature(
  secret: string,
  headers: { timestamp: string | undefined; signature: string | undefined },
  rawBody: Buffer,
  nowSeconds = Math.floor(Date.now() / 1000),
): boolean {
  const { timestamp, signature } = headers;
  if (!secret || !timestamp || !signature || !/^\d{1,12}$/.test(timestamp)) return false;
  if (Math.abs(nowSeconds - Number(timestamp)) > SIGNATURE_WINDOW_SECONDS) return false;
  const expected = Buffer.from(signSlackRequest(secret, timestamp, rawBody), 'utf8');
  const given = Buffer.from(signature, 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The `X-Slack-Signature` value of a body at a time (tests and benches sign with it too). */
export function signSlackRequest(secret: string, timestamp: string, rawBody: Buffer | string) {
  const mac = createHmac('sha256', secret);
  mac.update(`v0:${timestamp}:`);
  mac.update(rawBody);
  return `v0=${mac.digest('hex')}`;
}
