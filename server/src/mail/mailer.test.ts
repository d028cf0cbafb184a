import type { DataSource } from 'typeorm';
import { describe, expect, it } from 'vitest';
import type { Logger } from '../shared/logger.js';
import { createMailer } from './mailer.js';

function setup(production: boolean) {
  const kept: unknown[] = [];
  const logged: Record<string, unknown>[] = [];
  const dataSource = {
    getRepository: () => ({ insert: async (row: unknown) => void kept.push(row) }),
  } as unknown as DataSource;
  const record = (msg: string, fields?: Record<string, unknown>) => logged.push({ msg, ...fields });
  const logger: Logger = { debug: record, info: record, warn: record, error: record };
  const mailer = createMailer({ from: 'lumen@example.com', dataSource, logger, production });
  return { mailer, kept, logged };
}

const mail = { to: 'ada@example.com', subject: 'Your code', text: 'Your code is 482915.' };

describe('mailer without SMTP', () => {
  it('keeps the mail in the outbox and never logs its text in production', async () => {
    const { mailer, kept, logged } = setup(true);
    await mailer.send(mail);
    expect(kept).toEqual([mail]);
    expect(JSON.stringify(logged)).not.toContain('482915');
    expect(logged[0]).toMatchObject({ to: mail.to, subject: mail.subject });
  });

  it('logs the text outside production, for local installs', async () => {
    const { mailer, logged } = setup(false);
    await mailer.send(mail);
    expect(JSON.stringify(logged)).toContain('482915');
  });
});
