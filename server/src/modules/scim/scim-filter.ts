import { ScimErrors } from './scim.errors.js';

/**
 * SCIM filters (RFC 7644 §3.4.2.2) parsed into a small tree: comparisons, `pr`, `and`, `or`,
 * `not (…)`, parentheses and value paths (`emails[type eq "work"]`), plus the form Entra sends,
 * `emails[type eq "work"].value eq "…"`. Attribute names are folded to lower case (they are
 * case-insensitive) and a schema URN prefix is dropped.
 */
export type CompareOp = 'eq' | 'ne' | 'co' | 'sw' | 'ew' | 'gt' | 'ge' | 'lt' | 'le';
export type FilterValue = string | number | boolean | null;
export type Filter =
  | { kind: 'cmp'; attr: string; op: CompareOp; value: FilterValue }
  | { kind: 'pr'; attr: string }
  | { kind: 'and' | 'or'; left: Filter; right: Filter }
  | { kind: 'not'; filter: Filter };

/** A PATCH path: `attr`, `attr.sub`, `attr[filter]` or `attr[filter].sub`. */
export interface PatchPath {
  attr: string;
  filter?: Filter;
  sub?: string;
}

const MAX_FILTER = 1000;
const MAX_DEPTH = 20;
const COMPARE_OPS = new Set(['eq', 'ne', 'co', 'sw', 'ew', 'gt', 'ge', 'lt', 'le']);
const URN_PREFIX = /^urn:ietf:params:scim:schemas:[a-z0-9:.]+:(user|group):/i;

type Token = { t: 'word'; v: string } | { t: 'string'; v: string } | { t: '(' | ')' | '[' | ']' };

/** An attribute name as the filters and paths compare it: lower case, URN dropped. */
export function attrName(raw: string): string {
  return raw.replace(URN_PREFIX, '').toLowerCase();
}

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') {
      i++;
    } else if (c === '(' || c === ')' || c === '[' || c === ']') {
      tokens.push({ t: c });
      i++;
    } else if (c === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      if (j >= text.length) throw ScimErrors.invalidFilter('a string is not closed.');
      try {
        tokens.push({ t: 'string', v: JSON.parse(text.slice(i, j + 1)) as string });
      } catch {
        throw ScimErrors.invalidFilter('a string holds a bad escape.');
      }
      i = j + 1;
    } else {
      const match = /^[A-Za-z0-9_:.$+-]+/.exec(text.slice(i));
      if (!match) throw ScimErrors.invalidFilter(`unexpected character ${JSON.stringify(c)}.`);
      tokens.push({ t: 'word', v: match[0] });
      i += match[0].length;
    }
  }
  return tokens;
}

class Parser {
  private pos = 0;
  constructor(private readonly tokens: Token[]) {}

  done() {
    return this.pos >= this.tokens.length;
  }

  private peek(): Token | undefined {
    return this.tokens[this.pos];
  }

  private next(): Token {
    const token = this.tokens[this.pos++];
    if (!token) throw ScimErrors.invalidFilter('it ends too early.');
    return token;
  }

  private keyword(word: string): boolean {
    const token = this.peek();
    if (token?.t === 'word' && token.v.toLowerCase() === word) {
      this.pos++;
      return true;
    }
    return false;
  }

  private expect(t: '(' | ')' | '[' | ']') {
    if (this.next().t !== t) throw ScimErrors.invalidFilter(`expected "${t}".`);
  }

  or(depth: number): Filter {
    if (depth > MAX_DEPTH) throw ScimErrors.invalidFilter('it is nested too deeply.');
    let left = this.and(depth);
    while (this.keyword('or')) left = { kind: 'or', left, right: this.and(depth) };
    return left;
  }

  private and(depth: number): Filter {
    let left = this.unary(depth);
    while (this.keyword('and')) left = { kind: 'and', left, right: this.unary(depth) };
    return left;
  }

  private unary(depth: number): Filter {
    if (this.keyword('not')) {
      this.expect('(');
      const filter = this.or(depth + 1);
      this.expect(')');
      return { kind: 'not', filter };
    }
    if (this.peek()?.t === '(') {
      this.pos++;
      const filter = this.or(depth + 1);
      this.expect(')');
      return filter;
    }
    return this.attrExpression(depth);
  }

  private attrExpression(depth: number): Filter {
    const token = this.next();
    if (token.t !== 'word') throw ScimErrors.invalidFilter('expected an attribute name.');
    const attr = attrName(token.v);
    if (this.peek()?.t !== '[') return this.comparison(attr);
    // A value path: the inner filter's attributes are sub-attributes of `attr`.
    this.pos++;
    const inner = prefixed(this.or(depth + 1), attr);
    this.expect(']');
    const after = this.peek();
    if (after?.t === 'word' && after.v.startsWith('.')) {
      this.pos++;
      const sub = `${attr}${attrName(after.v)}`;
      return { kind: 'and', left: inner, right: this.comparison(sub) };
    }
    return inner;
  }

  private comparison(attr: string): Filter {
    const opToken = this.next();
    const op = opToken.t === 'word' ? opToken.v.toLowerCase() : '';
    if (op === 'pr') return { kind: 'pr', attr };
    if (!COMPARE_OPS.has(op)) throw ScimErrors.invalidFilter(`unknown operator after ${attr}.`);
    const valueToken = this.next();
    let value: FilterValue;
    if (valueToken.t === 'string') value = valueToken.v;
    else if (valueToken.t === 'word') {
      const word = valueToken.v.toLowerCase();
      if (word === 'true' || word === 'false') value = word === 'true';
      else if (word === 'null') value = null;
      else if (/^-?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(valueToken.v)) value = Number(valueToken.v);
      else throw ScimErrors.invalidFilter(`a value must be quoted: ${valueToken.v.slice(0, 50)}`);
    } else throw ScimErrors.invalidFilter(`expected a value after ${op}.`);
    return { kind: 'cmp', attr, op: op as CompareOp, value };
  }
}

function prefixed(filter: Filter, attr: string): Filter {
  switch (filter.kind) {
    case 'cmp':
    case 'pr':
      return { ...filter, attr: `${attr}.${filter.attr}` };
    case 'not':
      return { kind: 'not', filter: prefixed(filter.filter, attr) };
    default:
      return { ...filter, left: prefixed(filter.left, attr), right: prefixed(filter.right, attr) };
  }
}

export function parseFilter(text: string): Filter {
  if (text.length > MAX_FILTER)
    throw ScimErrors.invalidFilter(`it is longer than ${MAX_FILTER} characters.`);
  const parser = new Parser(tokenize(text));
  if (parser.done()) throw ScimErrors.invalidFilter('it is empty.');
  const filter = parser.or(0);
  if (!parser.done()) throw ScimErrors.invalidFilter('something follows the end of the filter.');
  return filter;
}

/** Parses a PATCH operation's path (RFC 7644 §3.5.2). */
export function parsePath(text: string): PatchPath {
  if (text.length > MAX_FILTER) throw ScimErrors.invalidPath(text);
  const raw = text.trim();
  const open = raw.indexOf('[');
  if (open < 0) {
    const name = attrName(raw);
    if (!/^[a-z0-9_$-]+(\.[a-z0-9_$-]+)?$/.test(name)) throw ScimErrors.invalidPath(text);
    const [attr, sub] = name.split('.') as [string, string | undefined];
    return sub ? { attr, sub } : { attr };
  }
  const close = raw.lastIndexOf(']');
  if (close < open) throw ScimErrors.invalidPath(text);
  const attr = attrName(raw.slice(0, open));
  const rest = raw.slice(close + 1);
  if (!/^[a-z0-9_$-]+$/.test(attr) || (rest && !/^\.[A-Za-z0-9_$-]+$/.test(rest)))
    throw ScimErrors.invalidPath(text);
  let filter: Filter;
  try {
    filter = parseFilter(raw.slice(open + 1, close));
  } catch {
    throw ScimErrors.invalidPath(text);
  }
  return { attr, filter, ...(rest ? { sub: rest.slice(1).toLowerCase() } : {}) };
}

/**
 * Evaluates a filter over one in-memory value (a multi-valued attribute's element, such as a
 * group member `{ value }` or an email `{ value, type, primary }`); attribute names are the
 * sub-attribute names (`value`, `type`), compared case-insensitively as strings.
 */
export function matches(filter: Filter, item: Record<string, FilterValue>): boolean {
  switch (filter.kind) {
    case 'and':
      return matches(filter.left, item) && matches(filter.right, item);
    case 'or':
      return matches(filter.left, item) || matches(filter.right, item);
    case 'not':
      return !matches(filter.filter, item);
    case 'pr': {
      const value = item[filter.attr];
      return value !== undefined && value !== null && value !== '';
    }
    case 'cmp': {
      const have = item[filter.attr];
      if (have === undefined || have === null) return filter.op === 'ne' && filter.value !== null;
      const a = String(have).toLowerCase();
      const b = String(filter.value).toLowerCase();
      switch (filter.op) {
        case 'eq':
          return a === b;
        case 'ne':
          return a !== b;
        case 'co':
          return a.includes(b);
        case 'sw':
          return a.startsWith(b);
        case 'ew':
          return a.endsWith(b);
        case 'gt':
          return a > b;
        case 'ge':
          return a >= b;
        case 'lt':
          return a < b;
        case 'le':
          return a <= b;
      }
    }
  }
}
