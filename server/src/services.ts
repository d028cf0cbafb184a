import type { DataSource } from 'typeorm';
import type { Config } from './config.js';
import { createMailer } from './mail/mailer.js';
import { AuthService } from './modules/auth/auth.service.js';
import type { AppKeys } from './security/app-keys.js';
import type { Logger } from './shared/logger.js';

/** Every domain service, built once per process and shared by GraphQL and REST. */
export interface Services {
  db: DataSource;
  keys: AppKeys;
  logger: Logger;
  auth: AuthService;
}

export function createServices(
  config: Config,
  db: DataSource,
  keys: AppKeys,
  logger: Logger,
): Services {
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    dataSource: db,
    logger,
  });
  const auth = new AuthService(db, keys, mailer, logger, {
    accessTokenTtlSeconds: config.accessTokenTtlSeconds,
    refreshTokenTtlDays: config.refreshTokenTtlDays,
    publicUrl: config.publicUrl,
  });
  return { db, keys, logger, auth };
}
