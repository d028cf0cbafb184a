import type { User } from '../identity/user.entity.js';

export const USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const GROUP_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Group';
export const LIST_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';
export const PATCH_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
export const SCIM_CONTENT_TYPE = 'application/scim+json';

/** The fields of a member SCIM reads and writes (everything else the IdP sends is ignored). */
export interface ScimUserFields {
  userName: string;
  externalId: string | null;
  givenName: string;
  familyName: string;
  active: boolean;
}

export interface ScimGroupMember {
  id: string;
  email: string;
}

export function userFields(user: User): ScimUserFields {
  return {
    userName: user.email,
    externalId: user.scimExternalId,
    givenName: user.firstName,
    familyName: user.lastName,
    active: !user.deactivatedAt,
  };
}

/** A member as an RFC 7643 core User. `password` is never part of it. */
export function userResource(user: User, baseUrl: string) {
  const formatted = `${user.firstName} ${user.lastName}`.trim();
  return {
    schemas: [USER_SCHEMA],
    id: user.id,
    ...(user.scimExternalId !== null ? { externalId: user.scimExternalId } : {}),
    userName: user.email,
    name: { givenName: user.firstName, familyName: user.lastName, formatted },
    displayName: formatted || user.email,
    emails: [{ value: user.email, primary: true, type: 'work' }],
    active: !user.deactivatedAt,
    meta: {
      resourceType: 'User',
      created: user.createdAt.toISOString(),
      lastModified: user.updatedAt.toISOString(),
      location: `${baseUrl}/Users/${user.id}`,
    },
  };
}

export interface GroupRow {
  id: string;
  name: string;
  scimExternalId: string | null;
  createdAt: Date;
  /** Last change to the group or its members, as far as Lumen keeps it (else its creation). */
  lastModified: Date;
}

/** A Lumen group as an RFC 7643 Group; `members` is left out when the caller excluded it. */
export function groupResource(group: GroupRow, members: ScimGroupMember[] | null, baseUrl: string) {
  return {
    schemas: [GROUP_SCHEMA],
    id: group.id,
    ...(group.scimExternalId !== null ? { externalId: group.scimExternalId } : {}),
    displayName: group.name,
    ...(members
      ? {
          members: members.map((m) => ({
            value: m.id,
            display: m.email,
            $ref: `${baseUrl}/Users/${m.id}`,
          })),
        }
      : {}),
    meta: {
      resourceType: 'Group',
      created: group.createdAt.toISOString(),
      lastModified: group.lastModified.toISOString(),
      location: `${baseUrl}/Groups/${group.id}`,
    },
  };
}

export function listResponse(
  resources: unknown[],
  totalResults: number,
  startIndex: number,
): Record<string, unknown> {
  return {
    schemas: [LIST_SCHEMA],
    totalResults,
    startIndex,
    itemsPerPage: resources.length,
    Resources: resources,
  };
}

/**
 * `attributes` / `excludedAttributes` (RFC 7644 §3.9) over top-level attributes: `id` and
 * `schemas` always stay.
 */
export function project(
  resource: Record<string, unknown>,
  attributes: string[] | null,
  excluded: string[] | null,
): Record<string, unknown> {
  const keep = (key: string) => {
    const name = key.toLowerCase();
    if (name === 'id' || name === 'schemas') return true;
    if (attributes) return attributes.includes(name);
    return !excluded?.includes(name);
  };
  return Object.fromEntries(Object.entries(resource).filter(([key]) => keep(key)));
}
