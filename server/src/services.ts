import type { DataSource } from 'typeorm';
import type { Config } from './config.js';
import { createMailer } from './mail/mailer.js';
import { AuthService } from './modules/auth/auth.service.js';
import { InvitationsService } from './modules/members/invitations.service.js';
import { MembersService } from './modules/members/members.service.js';
import type { AppKeys } from './security/app-keys.js';
import type { Logger } from './shared/logger.js';

/** Every domain service, built once per process and shared by GraphQL and REST. */
export interface Services {
  db: DataSource;
  keys: AppKeys;
  logger: Logger;
  auth: AuthService;
  members: MembersService;
  invitations: InvitationsService;
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
  const members = new MembersService(db, logger);
  const invitations = new InvitationsService(db, keys.tokenHash, mailer, logger, config.publicUrl);
  return { db, keys, logger, auth, members, invitations };
}
