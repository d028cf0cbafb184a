import path from 'node:path';
import type { Config } from './config.js';

/** What an operator should know at start-up about a production configuration, in plain words. */
export function startupWarnings(
  config: Pick<Config, 'env' | 'appSecret' | 'smtpUrl' | 'dataDir'> & {
    sso?: Pick<Config['sso'], 'allowPrivateIssuers'>;
  },
): string[] {
  if (config.env !== 'production') return [];
  const warnings: string[] = [];
  if (!config.appSecret)
    warnings.push(
      `APP_SECRET is not set: the secret that signs sessions and encrypts stored credentials was generated into ${path.join(config.dataDir, 'app-secret.key')}, next to the database. Anyone with a copy of DATA_DIR has both. Set APP_SECRET (at least 32 characters) from a secret store, with that file's value to keep existing sessions and credentials.`,
    );
  if (!config.smtpUrl)
    warnings.push(
      'SMTP_URL is not set: mail (sign-up and reset codes, invitations) is not sent but kept in the mail_outbox table for an operator (SELECT to_address, subject, text FROM mail_outbox ORDER BY created_at DESC). Codes and links are never written to the log.',
    );
  if (config.sso?.allowPrivateIssuers)
    warnings.push(
      'SSO_ALLOW_PRIVATE_ISSUERS is on: single sign-on accepts identity providers on loopback and private addresses over plain HTTP, where tokens can be read or forged on the network. It is meant for tests and labs: turn it off.',
    );
  return warnings;
}
