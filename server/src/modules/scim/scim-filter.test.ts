import { describe, expect, it } from 'vitest';
import { ScimError } from './scim.errors.js';
import { filterToSql, type SqlAttribute } from './scim-filter-sql.js';
import { matches, parseFilter, parsePath } from './scim-filter.js';

const ATTRS: Record<string, SqlAttribute> = {
  username: { sql: 'u.email', type: 'ci' },
  externalid: { sql: 'u.ext', type: 'exact' },
  'emails.value': { sql: 'u.email', type: 'ci' },
  'emails.type': { sql: "'work'", type: 'ci' },
  active: { sql: 'u.deactivated_at IS NULL', type: 'boolean' },
};

function sql(filter: string) {
  const params: unknown[] = [];
  const text = filterToSql(parseFilter(filter), ATTRS, (v) => {
    params.push(v);
    return `$${params.length}`;
  });
  return { text, params };
}

const scimTypeOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return error instanceof ScimError ? `${error.status} ${error.scimType}` : 'other';
  }
  return 'none';
};

describe('SCIM filters', () => {
  it('parses comparisons, and/or/not, parentheses and attribute case', () => {
    expect(parseFilter('userName eq "A@B.co"')).toEqual({
      kind: 'cmp',
      attr: 'username',
      op: 'eq',
      value: 'A@B.co',
    });
    const f = parseFilter('UserName Eq "x" AND (externalId eq "1" or not (active eq false))');
    expect(f.kind).toBe('and');
    expect(parseFilter('urn:ietf:params:scim:schemas:core:2.0:User:userName pr')).toEqual({
      kind: 'pr',
      attr: 'username',
    });
  });

  it('reads value paths, and Entra’s emails[type eq "work"].value eq form', () => {
    expect(parseFilter('emails[type eq "work"].value eq "a@b.co"')).toEqual({
      kind: 'and',
      left: { kind: 'cmp', attr: 'emails.type', op: 'eq', value: 'work' },
      right: { kind: 'cmp', attr: 'emails.value', op: 'eq', value: 'a@b.co' },
    });
    expect(parseFilter('emails[type eq "work" and value co "@b"]').kind).toBe('and');
  });

  it('compiles to SQL with every value as a parameter, case-insensitive userName', () => {
    const { text, params } = sql('userName eq "A@B.co" and externalId eq "X1"');
    expect(text).toBe('((lower(u.email) = lower($1)) AND (u.ext = $2))');
    expect(params).toEqual(['A@B.co', 'X1']);
    const like = sql('userName sw "a%_"');
    expect(like.params).toEqual(['a\\%\\_']);
    expect(sql('active eq "False"').params).toEqual([false]);
  });

  it('refuses what it cannot read as invalidFilter (400)', () => {
    for (const bad of [
      'userName eq',
      'userName eq "x',
      'userName foo "x"',
      'userName eq unquoted',
      'password eq "x"',
      '(userName eq "x"',
      'userName eq "x" extra',
      'a eq "1" and '.repeat(200),
    ])
      expect(
        scimTypeOf(() => sql(bad)),
        bad,
      ).toBe('400 invalidFilter');
  });

  it('parses PATCH paths and matches multi-valued items', () => {
    expect(parsePath('name.givenName')).toEqual({ attr: 'name', sub: 'givenname' });
    const path = parsePath('emails[type eq "work"].value');
    expect(path.attr).toBe('emails');
    expect(path.sub).toBe('value');
    expect(matches(path.filter!, { type: 'work', value: 'x' })).toBe(true);
    expect(matches(path.filter!, { type: 'home', value: 'x' })).toBe(false);
    const member = parsePath('members[value eq "ABC"]');
    expect(matches(member.filter!, { value: 'abc' })).toBe(true);
    expect(scimTypeOf(() => parsePath('members[value eq'))).toBe('400 invalidPath');
  });
});
