import { describe, expect, it } from 'vitest';
import { actionLabel, toCsv } from './audit-format';

const event = {
  __typename: 'AuditEvent' as const,
  id: 'e1',
  at: '2026-11-25T10:00:00.000Z',
  action: 'member.removed',
  actor: { __typename: 'AuditActor' as const, id: 'u1', email: 'ada@example.com' },
  apiKeyId: null,
  target: { __typename: 'AuditTarget' as const, type: 'user', id: 'u2', label: '=HYPERLINK("x")' },
  ip: '10.0.0.1',
  userAgent: 'curl/8.0 "quoted"',
};

describe('audit format', () => {
  it('labels actions, keeping unknown keys as they are', () => {
    expect(actionLabel('member.removed')).toBe('Member removed');
    expect(actionLabel('something.new')).toBe('something.new');
  });

  it('writes CSV with quoted fields, doubled quotes and neutralised formulas', () => {
    const csv = toCsv([event]);
    const [header, row] = csv.trimEnd().split('\r\n');
    expect(header).toBe(
      '"time","action","actor","api key","target type","target","address","user agent"',
    );
    expect(row).toContain('"2026-11-25T10:00:00.000Z","member.removed","ada@example.com",""');
    expect(row).toContain(`"'=HYPERLINK(""x"")"`);
    expect(row).toContain('"curl/8.0 ""quoted"""');
    expect(csv.endsWith('\r\n')).toBe(true);
  });
});
