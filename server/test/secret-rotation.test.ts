import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { createDatabaseOn } from '../src/db/temporary-database.js';
import { sourceCredentialsContext } from '../src/modules/connectors/credentials.js';
import { providerKeyContext } from '../src/modules/provider-keys/provider-keys.service.js';
import { deriveKeys } from '../src/security/app-keys.js';
import { openSecret, sealSecret } from '../src/security/secret-box.js';
import { newAdmin, signInAs } from './helpers/accounts.js';
import { linkedTokenContext } from '../src/modules/linked-accounts/member-tokens.js';
import { startTestApp } from './helpers/test-app.js';

const OLD = 'old-secret-old-secret-old-secret-0000';
const NEW = 'new-secret-new-secret-new-secret-1111';
const PROVIDER_KEY = 'sk-rotation-test-0123456789';

let db: Awaited<ReturnType<typeof createDatabaseOn>>;
beforeAll(async () => {
  db = await createDatabaseOn(inject('pgServerUrl'));
});
afterAll(async () => {
  await db?.drop();
});

it('rotates APP_SECRET: secrets sealed under the old one are re-sealed under the new one at start', async () => {
  // Before: a provider key and a source's credentials, sealed under the old secret.
  const before = await startTestApp({ APP_SECRET: OLD }, db.url);
  const admin = await newAdmin(before);
  const saved = await before.graphqlRaw(
    `mutation($v: String!) { saveProviderKey(value: $v) { masked } }`,
    { v: PROVIDER_KEY },
    admin.token,
  );
  expect(saved.errors).toBeUndefined();
  const [source] = await before.sql(
    `INSERT INTO sources (workspace_id, kind, name, description, created_by_id)
     VALUES ($1, 'github', 'Repos', 'Our repositories', $2) RETURNING id`,
    [admin.workspaceId, admin.id],
  );
  const credentials = JSON.stringify({ type: 'token', token: 'ghp_rotation' });
  await before.sql(`UPDATE sources SET sealed_credentials = $1 WHERE id = $2`, [
    sealSecret(deriveKeys(OLD).secrets, credentials, sourceCredentialsContext(source.id)),
    source.id,
  ]);
  // A member's own token, kept with their linked account.
  const [link] = await before.sql(
    `INSERT INTO linked_accounts (workspace_id, user_id, provider, account_id)
     VALUES ($1, $2, 'github', '42') RETURNING id`,
    [admin.workspaceId, admin.id],
  );
  const memberToken = JSON.stringify({ type: 'token', token: 'gho_member' });
  await before.sql(`UPDATE linked_accounts SET sealed_token = $1 WHERE id = $2`, [
    sealSecret(deriveKeys(OLD).secrets, memberToken, linkedTokenContext(link.id)),
    link.id,
  ]);
  await before.stopKeepingDatabase();

  // The rotation: the new secret, the old one kept as previous.
  const during = await startTestApp({ APP_SECRET: NEW, APP_SECRET_PREVIOUS: OLD }, db.url);
  const [key] = await during.sql(`SELECT sealed_value FROM provider_keys WHERE user_id = $1`, [
    admin.id,
  ]);
  const [creds] = await during.sql(`SELECT sealed_credentials FROM sources WHERE id = $1`, [
    source.id,
  ]);
  const [linked] = await during.sql(`SELECT sealed_token FROM linked_accounts WHERE id = $1`, [
    link.id,
  ]);
  await during.stopKeepingDatabase();

  // The new secret alone now opens them; the old one does not.
  const newOnly = deriveKeys(NEW).secrets;
  expect(openSecret(newOnly, key.sealed_value, providerKeyContext(admin.id))).toBe(PROVIDER_KEY);
  expect(openSecret(newOnly, creds.sealed_credentials, sourceCredentialsContext(source.id))).toBe(
    credentials,
  );
  expect(openSecret(newOnly, linked.sealed_token, linkedTokenContext(link.id))).toBe(memberToken);
  expect(() =>
    openSecret(deriveKeys(OLD).secrets, key.sealed_value, providerKeyContext(admin.id)),
  ).toThrow();

  // After: APP_SECRET_PREVIOUS removed, the key still reads back (masked) for its owner.
  const after = await startTestApp({ APP_SECRET: NEW }, db.url);
  try {
    const again = await signInAs(after, admin.email);
    const res = await after.graphqlRaw(`{ providerKey { masked } }`, {}, again.token);
    expect(res.errors).toBeUndefined();
    expect(res.data.providerKey.masked).toBe('sk-…6789');
    // Sessions signed under the old secret ended with it.
    const old = await after.graphqlRaw(`{ providerKey { masked } }`, {}, admin.token);
    expect(old.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  } finally {
    await after.stopKeepingDatabase();
  }
});

it('refuses APP_SECRET_PREVIOUS without APP_SECRET, or a short one', () => {
  expect(() => loadConfig({ APP_SECRET_PREVIOUS: OLD })).toThrow(
    /APP_SECRET_PREVIOUS needs APP_SECRET/,
  );
  expect(() => loadConfig({ APP_SECRET: NEW, APP_SECRET_PREVIOUS: 'short' })).toThrow(
    /at least 32 characters/,
  );
  expect(
    loadConfig({ APP_SECRET: NEW, APP_SECRET_PREVIOUS: `${OLD}, ${OLD}9` }).previousAppSecrets,
  ).toEqual([OLD, `${OLD}9`]);
});
