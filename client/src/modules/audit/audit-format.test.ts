import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { actionLabel, detailText, targetText, toCsv } from './audit-format';

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
  details: null,
};

describe('audit format', () => {
  it('labels actions, keeping unknown keys as they are', () => {
    expect(actionLabel('member.removed')).toBe('Member removed');
    expect(actionLabel('something.new')).toBe('something.new');
  });

  it('has a label in plain words for every action the server records', () => {
    const source = readFileSync(
      path.join(import.meta.dirname, '../../../../server/src/modules/audit/audit-actions.ts'),
      'utf8',
    );
    const actions = [...source.matchAll(/^ {2}'([a-z_.]+)',$/gm)].map((m) => m[1]!);
    expect(actions.length).toBeGreaterThan(50);
    expect(actions).toContain('bot.source_attached');
    expect(actions.filter((action) => actionLabel(action) === action)).toEqual([]);
  });

  it('names roles by their labels, in the target and in the details', () => {
    const changed = {
      action: 'member.roles_changed',
      target: {
        __typename: 'AuditTarget' as const,
        type: 'user',
        id: 'u2',
        label: 'a@x.io: admin',
      },
      details: JSON.stringify({ before: ['product_expert'], after: ['admin'] }),
    };
    expect(targetText(changed)).toBe('a@x.io: Admins');
    expect(detailText(changed)).toBe('Roles: Product Experts → Admins');
    expect(
      detailText({
        ...changed,
        action: 'invitation.sent',
        details: '{"roles":["customer_facing"]}',
      }),
    ).toBe('Roles: Customer-facing prod');
    // Details that do not parse say nothing rather than break the row.
    expect(detailText({ ...changed, details: 'not json' })).toBeNull();
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
