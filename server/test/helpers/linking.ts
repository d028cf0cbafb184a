import { expect } from 'vitest';
import type { Account } from './accounts.js';
import type { TestApp } from './test-app.js';

// The Linked accounts flow as a browser drives it: linkAccount's authorize URL, the provider's
// consent (a loopback fake that redirects straight back), completeAccountLink.

export const LINK = `mutation($p: String!) { linkAccount(provider: $p) }`;
export const COMPLETE = `mutation($c: String!, $s: String!) {
  completeAccountLink(code: $c, state: $s) { provider accountId email linkedAt checksAccess }
}`;

export interface LinkedAccountAnswer {
  provider: string;
  accountId: string;
  email: string | null;
  linkedAt: string;
  checksAccess: boolean;
}

export async function startLink(app: TestApp, user: Account, provider: string): Promise<URL> {
  const res = await app.graphqlRaw(LINK, { p: provider }, user.token);
  expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
  return new URL(res.data.linkAccount);
}

/** Follows the authorize URL as a browser would, to the redirect back to `returnTo`. */
export async function consent(
  authorizeUrl: URL,
  returnTo: string,
): Promise<{ code: string; state: string }> {
  const res = await fetch(authorizeUrl, { redirect: 'manual' });
  expect(res.status, await res.clone().text()).toBe(302);
  const back = new URL(res.headers.get('location')!);
  expect(`${back.origin}${back.pathname}`).toBe(returnTo);
  expect(back.searchParams.get('error')).toBeNull();
  return { code: back.searchParams.get('code')!, state: back.searchParams.get('state')! };
}

export function complete(app: TestApp, user: Account, callback: { code: string; state: string }) {
  return app.graphqlRaw(COMPLETE, { c: callback.code, s: callback.state }, user.token);
}

/** Link, consent at the fake, complete: the linked account. */
export async function linkThroughProvider(
  app: TestApp,
  user: Account,
  provider: string,
  returnTo: string,
): Promise<LinkedAccountAnswer> {
  const url = await startLink(app, user, provider);
  const res = await complete(app, user, await consent(url, returnTo));
  expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
  return res.data.completeAccountLink as LinkedAccountAnswer;
}
