import { describe, expect, it } from 'vitest';
import { aclOf, groupsNamed, personalPrincipals, principalMembers } from './acl.js';
import { accessAllows, type ItemAccess } from '../connectors/permissions/permission-reader.js';

const SRC = '00000000-0000-4000-8000-000000000001';

/** What a member holding `personal` holds for the source, as the Reader would build it. */
function held(access: ItemAccess[], members: Map<string, string[]>, personal: string[]) {
  const rows = principalMembers(SRC, 'atlassian', access, members);
  return new Set([
    '*',
    ...personal,
    ...rows.filter((r) => personal.includes(r.member)).map((r) => r.principal),
  ]);
}

describe('acl', () => {
  it('stores a public item as everyone, and nothing as no one', () => {
    expect(aclOf(SRC, 'github', [['everyone']])).toEqual(['*']);
    expect(aclOf(SRC, 'github', [['everyone'], ['everyone', 'user:1']])).toEqual(['*']);
    expect(aclOf(SRC, 'github', [])).toEqual([]);
    expect(aclOf(SRC, 'github', [['user:1'], []])).toEqual([]);
  });

  it('qualifies one clause: people by provider, groups by source', () => {
    expect(aclOf(SRC, 'google', [['email:a@x.com', 'group:eng@x.com', 'domain:x.com']])).toEqual([
      'google:domain:x.com',
      'google:email:a@x.com',
      `${SRC}:group:eng@x.com`,
    ]);
  });

  it('names several clauses as one intersection, the same for the same clauses in any order', () => {
    const a = aclOf(SRC, 'atlassian', [
      ['group:g1', 'user:u9'],
      ['user:u1', 'user:u2'],
    ]);
    const b = aclOf(SRC, 'atlassian', [
      ['user:u2', 'user:u1'],
      ['user:u9', 'group:g1'],
    ]);
    expect(a).toHaveLength(1);
    expect(a[0]).toMatch(new RegExp(`^${SRC}:all:`));
    expect(b).toEqual(a);
  });

  it('agrees with accessAllows for every person of a small world', () => {
    const members = new Map([
      ['g1', ['user:u1', 'user:u2']],
      ['g2', ['user:u2', 'user:u3']],
    ]);
    const items: ItemAccess[] = [
      [['group:g1']],
      [['group:g1'], ['group:g2']],
      [['everyone'], ['user:u3', 'group:g1'], ['group:g2']],
      [['user:u4']],
      [['group:g1'], ['user:u3']],
      [['everyone']],
    ];
    for (const person of ['user:u1', 'user:u2', 'user:u3', 'user:u4', 'user:u5']) {
      const mine = held(items, members, [`atlassian:${person}`]);
      for (const item of items) {
        const acl = aclOf(SRC, 'atlassian', item);
        const found = acl.some((p) => mine.has(p));
        expect(found, `${person} ${JSON.stringify(item)}`).toBe(
          accessAllows(item, members, new Set([person])),
        );
      }
    }
  });

  it('lists the groups an access names, and a member’s own principals', () => {
    expect(groupsNamed([[['group:a', 'user:1'], ['group:b']], [['group:a']]]).sort()).toEqual([
      'a',
      'b',
    ]);
    expect(
      personalPrincipals([
        { provider: 'google', accountId: '42', email: 'Ann@X.com', hostedDomain: 'x.com' },
        { provider: 'github', accountId: '7', email: null, hostedDomain: null },
      ]),
    ).toEqual(['google:user:42', 'google:email:ann@x.com', 'google:domain:x.com', 'github:user:7']);
  });
});
