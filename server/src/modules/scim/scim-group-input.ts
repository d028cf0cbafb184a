import { MAX_GROUP_MEMBERS, MAX_GROUP_NAME } from '../access/access-limits.js';
import { ScimErrors } from './scim.errors.js';
import { attrName, matches, parsePath } from './scim-filter.js';
import { isObject, patchOperations } from './scim-user-input.js';

/** The fields of a group SCIM reads and writes. `memberIds` undefined: not given. */
export interface ScimGroupFields {
  displayName: string;
  externalId: string | null;
  memberIds?: string[];
}

const EXTERNAL_ID_MAX = 500;

function folded(value: Record<string, unknown>): Map<string, unknown> {
  return new Map(Object.entries(value).map(([k, v]) => [attrName(k), v]));
}

function displayName(raw: unknown): string {
  const name = typeof raw === 'string' ? raw.replace(/\s+/g, ' ').trim() : '';
  if (!name) throw ScimErrors.invalidValue('displayName is required.');
  if (name.length > MAX_GROUP_NAME)
    throw ScimErrors.invalidValue(`displayName is at most ${MAX_GROUP_NAME} characters.`);
  return name;
}

function externalId(raw: unknown): string | null {
  if (raw === null || raw === undefined || raw === '') return null;
  if (typeof raw !== 'string') throw ScimErrors.invalidValue('externalId must be a string.');
  if (raw.length > EXTERNAL_ID_MAX)
    throw ScimErrors.invalidValue(`externalId is at most ${EXTERNAL_ID_MAX} characters.`);
  return raw;
}

/** Member ids from `[{ value }]` (or one `{ value }`), distinct, at most a group's size. */
function memberIds(raw: unknown): string[] {
  if (raw === null || raw === undefined) return [];
  const list = Array.isArray(raw) ? raw : [raw];
  if (list.length > MAX_GROUP_MEMBERS) throw ScimErrors.tooManyMembers(MAX_GROUP_MEMBERS);
  const ids = list.map((item) => {
    const value = isObject(item) ? folded(item).get('value') : item;
    if (typeof value !== 'string' || !value)
      throw ScimErrors.invalidValue('A member is given as { "value": "<user id>" }.');
    return value.toLowerCase();
  });
  return [...new Set(ids)];
}

/** A whole Group from a POST or PUT body; `current` keeps externalId when a PUT omits it. */
export function groupFromBody(body: unknown, current: ScimGroupFields | null): ScimGroupFields {
  if (!isObject(body)) throw ScimErrors.invalidSyntax('The body must be a JSON object.');
  const fields = folded(body);
  return {
    displayName: displayName(fields.get('displayname')),
    externalId: fields.has('externalid')
      ? externalId(fields.get('externalid'))
      : (current?.externalId ?? null),
    ...(fields.has('members') ? { memberIds: memberIds(fields.get('members')) } : {}),
  };
}

/**
 * Applies a Group PatchOp as Okta and Entra send it: add/remove members as `[{ value }]`, remove
 * with a filtered path `members[value eq "…"]`, replace `displayName`, or a path-less operation
 * whose object value holds displayName, externalId or members. `op` in any capitalisation.
 */
export function applyGroupPatch(current: ScimGroupFields, body: unknown): ScimGroupFields {
  const next = { ...current, memberIds: [...(current.memberIds ?? [])] };
  const apply = (attr: string, op: string, value: unknown) => {
    switch (attr) {
      case 'displayname':
        if (op === 'remove') throw ScimErrors.invalidValue('displayName cannot be removed.');
        next.displayName = displayName(value);
        return;
      case 'externalid':
        next.externalId = op === 'remove' ? null : externalId(value);
        return;
      case 'members': {
        if (op === 'replace') {
          next.memberIds = memberIds(value);
        } else if (op === 'add') {
          next.memberIds = [...new Set([...next.memberIds, ...memberIds(value)])];
        } else {
          // remove with a value list drops those; without one, every member.
          const gone = value === undefined || value === null ? next.memberIds : memberIds(value);
          next.memberIds = next.memberIds.filter((id) => !gone.includes(id));
        }
        return;
      }
      default:
        return; // id, schemas, meta and attributes Lumen does not keep
    }
  };
  for (const operation of patchOperations(body)) {
    if (!operation.path) {
      if (operation.op === 'remove') throw ScimErrors.invalidSyntax('remove needs a path.');
      if (!isObject(operation.value))
        throw ScimErrors.invalidSyntax('An operation without a path has an object value.');
      for (const [key, value] of folded(operation.value)) apply(key, operation.op, value);
      continue;
    }
    const path = parsePath(operation.path);
    if (path.filter) {
      if (path.attr !== 'members') throw ScimErrors.invalidPath(operation.path);
      if (operation.op !== 'remove')
        throw ScimErrors.invalidPath(`${operation.path} (only remove takes a member filter)`);
      const filter = path.filter;
      next.memberIds = next.memberIds.filter((id) => !matches(filter, { value: id }));
      continue;
    }
    apply(path.sub ? `${path.attr}.${path.sub}` : path.attr, operation.op, operation.value);
  }
  return next;
}
