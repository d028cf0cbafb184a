import { describe, expect, it } from 'vitest';
import { startupWarnings } from './startup-warnings.js';

const base = { dataDir: '/srv/lumen', appSecret: 'x'.repeat(40), smtpUrl: 'smtp://mail:25' };

describe('startupWarnings', () => {
  it('warns in production about a generated APP_SECRET beside the database, and a missing SMTP_URL', () => {
    const warnings = startupWarnings({
      ...base,
      env: 'production',
      appSecret: undefined,
      smtpUrl: undefined,
    });
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toMatch(/APP_SECRET is not set.*\/srv\/lumen\/app-secret\.key/);
    expect(warnings[1]).toMatch(/SMTP_URL is not set.*mail_outbox.*never written to the log/);
  });

  it('says nothing when production is configured, or outside production', () => {
    expect(startupWarnings({ ...base, env: 'production' })).toEqual([]);
    expect(startupWarnings({ ...base, env: 'development', appSecret: undefined })).toEqual([]);
  });
});
