import nodemailer from 'nodemailer';
import type { DataSource } from 'typeorm';
import type { Logger } from '../shared/logger.js';
import { OutboxMessage } from './outbox-message.entity.js';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * SMTP when SMTP_URL is set. Otherwise the mail is kept in the `mail_outbox` table, so a local
 * install, an operator and the tests can read codes and links; outside production its text is
 * also logged. In production the log names only the recipient and subject: codes and links are
 * secrets, and logs travel further than the database.
 */
export function createMailer(opts: {
  smtpUrl?: string;
  from: string;
  dataSource: DataSource;
  logger: Logger;
  production: boolean;
}): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ from: opts.from, ...mail });
      },
    };
  }
  return {
    async send(mail) {
      await opts.dataSource.getRepository(OutboxMessage).insert(mail);
      opts.logger.info('Mail (no SMTP_URL set, kept in the outbox)', {
        to: mail.to,
        subject: mail.subject,
        ...(opts.production ? {} : { text: mail.text }),
      });
    },
  };
}
