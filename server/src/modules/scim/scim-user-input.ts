import { ScimErrors } from './scim.errors.js';
import { attrName, matches, parsePath, type FilterValue } from './scim-filter.js';
import type { ScimUserFields } from './scim-resources.js';

const NAME_MAX = 100;
const EXTERNAL_ID_MAX = 500;
const EMAIL_MAX = 254;
const MAX_OPERATIONS = 100;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type Json = Record<string, unknown>;

export const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Keys folded to lower case with any schema URN dropped (attribute names ignore case). */
function folded(value: Json): Map<string, unknown> {
  return new Map(Object.entries(value).map(([k, v]) => [attrName(k), v]));
}

/** userName is the member's email: trimmed, lower-cased, and checked to be an address. */
export function userName(raw: unknown): string {
  if (typeof raw !== 'string' || !raw.trim())
    throw ScimErrors.invalidValue('userName is required (the person’s email address).');
  const email = raw.trim().toLowerCase();
  if (email.length > EMAIL_MAX || !EMAIL.test(email))
    throw ScimErrors.invalidValue('userName must be the person’s email address.');
  return email;
}

function text(raw: unknown, field: string, max: number): string {
  if (raw === null || raw === undefined) return '';
  if (typeof raw !== 'string') throw ScimErrors.invalidValue(`${field} must be a string.`);
  const value = raw.trim();
  if (value.length > max) throw ScimErrors.invalidValue(`${field} is at most ${max} characters.`);
  return value;
}

function externalId(raw: unknown): string | null {
  if (raw === null || raw === undefined || raw === '') return null;
  if (typeof raw !== 'string' && typeof raw !== 'number')
    throw ScimErrors.invalidValue('externalId must be a string.');
  return text(String(raw), 'externalId', EXTERNAL_ID_MAX) || null;
}

/** `active` as JSON true/false or, as Entra sends it, the strings "True" and "False". */
export function activeFlag(raw: unknown): boolean {
  if (typeof raw === 'boolean') return raw;
  if (typeof raw === 'string' && /^(true|false)$/i.test(raw.trim()))
    return raw.trim().toLowerCase() === 'true';
  throw ScimErrors.invalidValue('active must be true or false.');
}

/** The work (or primary, or first) address of an `emails` value, if it names one. */
function workEmail(raw: unknown): string | null {
  const list = Array.isArray(raw) ? raw : isObject(raw) ? [raw] : [];
  const items = list.filter(isObject).map(folded);
  const pick =
    items.find((e) => String(e.get('type') ?? '').toLowerCase() === 'work') ??
    items.find((e) => e.get('primary') === true || e.get('primary') === 'true') ??
    items[0];
  const value = pick?.get('value');
  return typeof value === 'string' && value.trim() ? userName(value) : null;
}

/**
 * A whole User from a POST or PUT body. userName is the email; `emails` are not stored apart
 * from it; `password` and attributes Lumen does not keep are ignored (never echoed).
 */
export function userFromBody(body: unknown, current?: ScimUserFields): ScimUserFields {
  if (!isObject(body)) throw ScimErrors.invalidSyntax('The body must be a JSON object.');
  const fields = folded(body);
  const name = fields.get('name');
  const names = isObject(name) ? folded(name) : new Map<string, unknown>();
  let givenName = text(names.get('givenname'), 'name.givenName', NAME_MAX);
  const familyName = text(names.get('familyname'), 'name.familyName', NAME_MAX);
  if (!givenName && !familyName) {
    // Without a structured name, the display name is the best there is.
    givenName = text(fields.get('displayname'), 'displayName', NAME_MAX);
  }
  return {
    userName: userName(fields.get('username')),
    externalId: externalId(fields.get('externalid')),
    givenName,
    familyName,
    // PUT without `active` keeps the current state; POST without it creates an active member.
    active: fields.has('active') ? activeFlag(fields.get('active')) : (current?.active ?? true),
  };
}

export interface PatchOperation {
  op: 'add' | 'replace' | 'remove';
  path?: string;
  value?: unknown;
}

/** A PatchOp body's operations, with `op` in any capitalisation (Entra sends "Replace"). */
export function patchOperations(body: unknown): PatchOperation[] {
  if (!isObject(body)) throw ScimErrors.invalidSyntax('The body must be a JSON object.');
  const raw = folded(body).get('operations');
  if (!Array.isArray(raw) || raw.length === 0)
    throw ScimErrors.invalidSyntax('A PATCH body holds a non-empty Operations list.');
  if (raw.length > MAX_OPERATIONS)
    throw ScimErrors.invalidSyntax(`A PATCH holds at most ${MAX_OPERATIONS} operations.`);
  return raw.map((item) => {
    if (!isObject(item)) throw ScimErrors.invalidSyntax('Each operation is a JSON object.');
    const fields = folded(item);
    const op = String(fields.get('op') ?? '').toLowerCase();
    if (op !== 'add' && op !== 'replace' && op !== 'remove')
      throw ScimErrors.invalidSyntax('An operation’s op is add, replace or remove.');
    const path = fields.get('path');
    if (path !== undefined && path !== null && typeof path !== 'string')
      throw ScimErrors.invalidPath(String(path));
    return {
      op,
      ...(typeof path === 'string' && path.trim() ? { path } : {}),
      value: fields.get('value'),
    };
  });
}

/**
 * Applies PATCH operations (RFC 7644 §3.5.2) to a member's fields as Okta and Entra send them:
 * path-less operations with an object value (keys may be dotted, `name.givenName`), paths such as
 * `name.familyName`, `active`, `emails[type eq "work"].value`. Attributes Lumen does not keep
 * (title, phone numbers, the enterprise extension…) are ignored so a sync does not fail on them.
 */
export function applyUserPatch(current: ScimUserFields, operations: PatchOperation[]) {
  const next = { ...current };
  const set = (attr: string, value: unknown, op: PatchOperation['op']) => {
    const remove = op === 'remove';
    switch (attr) {
      case 'username':
        if (remove) throw ScimErrors.invalidValue('userName cannot be removed.');
        next.userName = userName(value);
        return;
      case 'externalid':
        next.externalId = remove ? null : externalId(value);
        return;
      case 'active':
        if (!remove) next.active = activeFlag(value);
        return;
      case 'name':
        if (remove) {
          next.givenName = '';
          next.familyName = '';
        } else if (isObject(value)) {
          for (const [key, sub] of folded(value)) set(`name.${key}`, sub, op);
        }
        return;
      case 'name.givenname':
        next.givenName = remove ? '' : text(value, 'name.givenName', NAME_MAX);
        return;
      case 'name.familyname':
        next.familyName = remove ? '' : text(value, 'name.familyName', NAME_MAX);
        return;
      case 'emails': {
        // One address is kept (it is the userName): removing it is not possible, so ignored.
        const email = remove ? null : workEmail(value);
        if (email) next.userName = email;
        return;
      }
      default:
        return; // not kept by Lumen
    }
  };
  for (const operation of operations) {
    if (!operation.path) {
      if (operation.op === 'remove') throw ScimErrors.invalidSyntax('remove needs a path.');
      if (!isObject(operation.value))
        throw ScimErrors.invalidSyntax('An operation without a path has an object value.');
      for (const [key, value] of folded(operation.value)) set(key, value, operation.op);
      continue;
    }
    const path = parsePath(operation.path);
    if (!path.filter) {
      set(path.sub ? `${path.attr}.${path.sub}` : path.attr, operation.value, operation.op);
      continue;
    }
    if (path.attr !== 'emails') continue; // other multi-valued attributes are not kept
    const email: Record<string, FilterValue> = {
      value: next.userName,
      type: 'work',
      primary: true,
    };
    if (!matches(path.filter, email)) continue; // a home or other address: not kept
    if (operation.op === 'remove') continue;
    if (!path.sub || path.sub === 'value') {
      const value = path.sub ? operation.value : workEmail(operation.value);
      if (value) next.userName = userName(value);
    }
  }
  return next;
}
