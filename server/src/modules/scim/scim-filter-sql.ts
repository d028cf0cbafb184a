import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { ScimErrors } from './scim.errors.js';
import { parseFilter, type Filter, type FilterValue } from './scim-filter.js';

/**
 * How a filterable attribute reads in SQL. `ci`: text compared case-insensitively; `exact`: text
 * compared as is (ids, externalId); `boolean`; `time`. `exists` wraps the comparison in an EXISTS
 * over a child table (a group's members).
 */
export interface SqlAttribute {
  sql: string;
  type: 'ci' | 'exact' | 'boolean' | 'time';
  exists?: string;
}

/**
 * Turns a parsed filter into a WHERE fragment; `param` stores a value and answers its placeholder.
 * Only the attributes in `attributes` may be named (anything else is an invalidFilter), and every
 * value travels as a parameter, never as SQL text.
 */
export function filterToSql(
  filter: Filter,
  attributes: Record<string, SqlAttribute>,
  param: (value: unknown) => string,
): string {
  const attribute = (name: string) => {
    const found = Object.prototype.hasOwnProperty.call(attributes, name) ? attributes[name] : null;
    if (!found) throw ScimErrors.invalidFilter(`${name} cannot be filtered on.`);
    return found;
  };
  const wrap = (a: SqlAttribute, condition: string) =>
    a.exists ? `EXISTS (${a.exists} AND ${condition})` : condition;

  const compile = (f: Filter): string => {
    switch (f.kind) {
      case 'and':
      case 'or':
        return `(${compile(f.left)} ${f.kind.toUpperCase()} ${compile(f.right)})`;
      case 'not':
        return `(NOT COALESCE(${compile(f.filter)}, false))`;
      case 'pr': {
        const a = attribute(f.attr);
        if (a.type === 'boolean') return a.exists ? `EXISTS (${a.exists})` : 'true';
        return wrap(a, `(${a.sql} IS NOT NULL${a.type === 'time' ? '' : ` AND ${a.sql} <> ''`})`);
      }
      case 'cmp': {
        const a = attribute(f.attr);
        return wrap(a, comparison(a, f.op, f.value, param));
      }
    }
  };
  return compile(filter);
}

function comparison(
  a: SqlAttribute,
  op: string,
  value: FilterValue,
  param: (v: unknown) => string,
): string {
  if (value === null) {
    if (op === 'eq') return `(${a.sql} IS NULL)`;
    if (op === 'ne') return `(${a.sql} IS NOT NULL)`;
    throw ScimErrors.invalidFilter(`null can only be compared with eq or ne.`);
  }
  if (a.type === 'boolean') {
    const wanted = typeof value === 'boolean' ? value : booleanText(value);
    if (op === 'eq') return `(${a.sql}) = CAST(${param(wanted)} AS boolean)`;
    if (op === 'ne') return `(${a.sql}) <> CAST(${param(wanted)} AS boolean)`;
    throw ScimErrors.invalidFilter(`a true/false attribute is compared with eq or ne.`);
  }
  if (a.type === 'time') {
    if (typeof value !== 'string' || Number.isNaN(Date.parse(value)))
      throw ScimErrors.invalidFilter('a date is compared with a quoted ISO 8601 date.');
    const sqlOp = { eq: '=', ne: '<>', gt: '>', ge: '>=', lt: '<', le: '<=' }[op];
    if (!sqlOp) throw ScimErrors.invalidFilter(`a date cannot be compared with ${op}.`);
    return `(${a.sql} ${sqlOp} CAST(${param(value)} AS timestamptz))`;
  }
  if (typeof value !== 'string') throw ScimErrors.invalidFilter('text is compared with a string.');
  const fold = (sql: string) => (a.type === 'ci' ? `lower(${sql})` : sql);
  const column = fold(a.sql);
  const like = (pattern: (p: string) => string) =>
    `(${column} LIKE ${pattern(param(escapeLike(a.type === 'ci' ? value.toLowerCase() : value)))})`;
  switch (op) {
    case 'eq':
      return `(${column} = ${fold(param(value))})`;
    case 'ne':
      return `(${a.sql} IS NULL OR ${column} <> ${fold(param(value))})`;
    case 'co':
      return like((p) => `'%' || ${p} || '%'`);
    case 'sw':
      return like((p) => `${p} || '%'`);
    case 'ew':
      return like((p) => `'%' || ${p}`);
    default: {
      const sqlOp = { gt: '>', ge: '>=', lt: '<', le: '<=' }[op]!;
      return `(${column} ${sqlOp} ${fold(param(value))})`;
    }
  }
}

function booleanText(value: string | number): boolean {
  const text = String(value).toLowerCase();
  if (text === 'true' || text === 'false') return text === 'true';
  throw ScimErrors.invalidFilter('a true/false attribute is compared with true or false.');
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Narrows a list query by a SCIM filter: its values travel as named parameters (:f0, :f1…). */
export function whereFilter<T extends ObjectLiteral>(
  query: SelectQueryBuilder<T>,
  filter: string,
  attributes: Record<string, SqlAttribute>,
): void {
  const params: Record<string, unknown> = {};
  const param = (value: unknown) => {
    const key = `f${Object.keys(params).length}`;
    params[key] = value;
    return `:${key}`;
  };
  query.andWhere(filterToSql(parseFilter(filter), attributes, param), params);
}
