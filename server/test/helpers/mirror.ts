import { expect } from 'vitest';
import type { Account } from './accounts.js';
import { searchIds } from './access.js';
import type { TestApp } from './test-app.js';

/** A member of the test workspace, by the name the fake's world knows them. */
export interface Person {
  name: string;
  account: Account;
}

/**
 * Links a member's account at a provider as the Linked accounts flow would have saved it (the
 * flow itself is tested in linked-accounts.test.ts): the provider's account id, and a verified
 * email and Workspace domain where the provider gives them.
 */
export async function linkAccount(
  app: TestApp,
  member: Account,
  provider: 'atlassian' | 'google' | 'github',
  accountId: string,
  email: string | null = null,
  hostedDomain: string | null = null,
) {
  await app.sql(
    `INSERT INTO linked_accounts (workspace_id, user_id, provider, account_id, email, hosted_domain)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [member.workspaceId, member.id, provider, accountId, email, hostedDomain],
  );
}

/**
 * One permission sync of the source, run to its end (as the job would), alone: the job queue is
 * paused meanwhile (a pass a link or a resync queued would otherwise run beside it; in the
 * product one job per source runs at a time).
 */
export async function permissionSync(app: TestApp, sourceId: string) {
  const jobs = app.server.services.jobs;
  await jobs.stop();
  try {
    await app.server.services.permissionSync.sync(sourceId);
  } finally {
    await jobs.start();
  }
}

/**
 * For every person: the source's items their search finds for `word` (every item of the test
 * world holds it) are exactly those `canRead` allows. Answers what each person found (external
 * ids, sorted), so a test can check the world is not trivial.
 */
export async function expectMirrored(
  app: TestApp,
  sourceId: string,
  people: readonly Person[],
  word: string,
  canRead: (name: string, externalId: string) => boolean,
  label: string,
  compare = true,
): Promise<Map<string, string[]>> {
  const items = await app.sql<{ id: string; external_id: string }>(
    `SELECT id, external_id FROM documents WHERE source_id = $1`,
    [sourceId],
  );
  const externalOf = new Map(items.map((d) => [d.id, d.external_id]));
  const found = new Map<string, string[]>();
  for (const person of people) {
    const hits = await searchIds(app, person.account, word);
    const mine = hits.flatMap((id) => externalOf.get(id) ?? []).sort();
    found.set(person.name, mine);
    if (!compare) continue;
    const expected = items
      .map((d) => d.external_id)
      .filter((id) => canRead(person.name, id))
      .sort();
    expect(mine, `${label}: ${person.name}`).toEqual(expected);
  }
  return found;
}
