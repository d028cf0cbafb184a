import type { DataSource } from 'typeorm';
import { integrationPasswordContext } from '../modules/connectors/connectors.service.js';
import { sourceCredentialsContext } from '../modules/connectors/credentials.js';
import { linkedTokenContext } from '../modules/linked-accounts/member-tokens.js';
import { providerKeyContext } from '../modules/provider-keys/provider-keys.service.js';
import {
  connectionSecretContext,
  loginVerifierContext,
  ssoSessionContext,
} from '../modules/sso/secret-contexts.js';
import { slackBotTokenContext, slackSigningSecretContext } from '../modules/slack/slack-secrets.js';
import type { Logger } from '../shared/logger.js';
import { openSecret, sealedWithCurrent, sealSecret, type SecretKeys } from './secret-box.js';

type Row = { id: string; sealed: string; user_id?: string; name?: string };

/** Every column holding a sealed secret, with the context it is bound to. */
const SEALED_COLUMNS: {
  table: string;
  column: string;
  extra: string;
  context: (row: Row) => string;
}[] = [
  {
    table: 'provider_keys',
    column: 'sealed_value',
    extra: ', user_id',
    context: (r) => providerKeyContext(r.user_id!),
  },
  {
    table: 'sources',
    column: 'sealed_credentials',
    extra: '',
    context: (r) => sourceCredentialsContext(r.id),
  },
  {
    table: 'linked_accounts',
    column: 'sealed_token',
    extra: '',
    context: (r) => linkedTokenContext(r.id),
  },
  {
    table: 'integration_settings',
    column: 'sealed_password',
    extra: ', user_id, name',
    context: (r) => integrationPasswordContext(r.user_id!, r.name!),
  },
  {
    table: 'sso_connections',
    column: 'sealed_client_secret',
    extra: '',
    context: (r) => connectionSecretContext(r.id),
  },
  {
    table: 'sso_login_attempts',
    column: 'sealed_code_verifier',
    extra: '',
    context: (r) => loginVerifierContext(r.id),
  },
  {
    table: 'sso_sessions',
    column: 'sealed_id_token',
    extra: '',
    context: (r) => ssoSessionContext(r.id),
  },
  {
    table: 'slack_integrations',
    column: 'sealed_bot_token',
    extra: '',
    context: (r) => slackBotTokenContext(r.id),
  },
  {
    table: 'slack_integrations',
    column: 'sealed_signing_secret',
    extra: '',
    context: (r) => slackSigningSecretContext(r.id),
  },
];

const BATCH = 500;

/**
 * The second half of an APP_SECRET rotation: every secret still sealed under a previous key is
 * opened and sealed again under the current one. A row changed meanwhile (saved again by a user)
 * is left as it is: it is already under the current key. Answers what was re-sealed and what
 * no key opens (those stay unusable until saved again).
 */
export async function resealSecrets(
  db: DataSource,
  keys: SecretKeys,
): Promise<{ resealed: number; unreadable: number }> {
  let resealed = 0;
  let unreadable = 0;
  for (const { table, column, extra, context } of SEALED_COLUMNS) {
    let after = '00000000-0000-0000-0000-000000000000';
    for (;;) {
      const rows: Row[] = await db.query(
        `SELECT id, ${column} AS sealed${extra} FROM ${table}
          WHERE ${column} IS NOT NULL AND id > $1 ORDER BY id LIMIT ${BATCH}`,
        [after],
      );
      for (const row of rows) {
        if (sealedWithCurrent(keys, row.sealed, context(row))) continue;
        let plaintext: string;
        try {
          plaintext = openSecret(keys, row.sealed, context(row));
        } catch {
          unreadable++;
          continue;
        }
        await db.query(`UPDATE ${table} SET ${column} = $1 WHERE id = $2 AND ${column} = $3`, [
          sealSecret(keys, plaintext, context(row)),
          row.id,
          row.sealed,
        ]);
        resealed++;
      }
      if (rows.length < BATCH) break;
      after = rows[rows.length - 1].id;
    }
  }
  return { resealed, unreadable };
}

/** At start-up during a rotation: re-seal, and say when the previous secret can go. */
export async function resealAtStartup(db: DataSource, keys: readonly Buffer[], logger: Logger) {
  if (keys.length < 2) return;
  const { resealed, unreadable } = await resealSecrets(db, keys);
  logger.info('Re-sealed secrets under the current APP_SECRET', { resealed });
  if (unreadable)
    logger.warn(
      'Some stored secrets open with no configured APP_SECRET: they must be saved again',
      {
        unreadable,
      },
    );
  else
    logger.info(
      'Every stored secret is sealed under APP_SECRET: remove APP_SECRET_PREVIOUS once every instance runs with the new APP_SECRET',
    );
}
