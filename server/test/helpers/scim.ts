import { expect } from 'vitest';
import type { Account } from './accounts.js';
import type { TestApp } from './test-app.js';

export interface ScimAnswer {
  status: number;
  body: any;
  headers: Headers;
}

/** Creates the workspace's SCIM token as `admin` (GraphQL) and answers its secret. */
export async function createScimToken(app: TestApp, admin: Account): Promise<string> {
  const res = await app.graphqlRaw(`mutation { createScimToken { secret } }`, {}, admin.token);
  expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
  return res.data.createScimToken.secret as string;
}

/** One SCIM call as an identity provider makes it (application/scim+json unless told). */
export async function scim(
  app: TestApp,
  token: string | null,
  method: string,
  path: string,
  body?: unknown,
  opts: { contentType?: string; raw?: string } = {},
): Promise<ScimAnswer> {
  const headers: Record<string, string> = { accept: 'application/scim+json' };
  if (token !== null) headers.authorization = `Bearer ${token}`;
  if (body !== undefined || opts.raw !== undefined)
    headers['content-type'] = opts.contentType ?? 'application/scim+json; charset=utf-8';
  const response = await fetch(`${app.url}/scim/v2${path}`, {
    method,
    headers,
    body: opts.raw ?? (body === undefined ? undefined : JSON.stringify(body)),
  });
  const text = await response.text();
  return {
    status: response.status,
    body: text ? JSON.parse(text) : null,
    headers: response.headers,
  };
}

export const ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';
export const LIST_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';
export const USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const GROUP_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Group';
export const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';

/** Checks an answer is a SCIM error with this status (as a string) and, if given, scimType. */
export function expectScimError(res: ScimAnswer, status: number, scimType?: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/^application\/scim\+json/);
  expect(res.body.schemas).toEqual([ERROR_SCHEMA]);
  expect(res.body.status).toBe(String(status));
  expect(typeof res.body.detail).toBe('string');
  if (scimType) expect(res.body.scimType).toBe(scimType);
}

/** Checks an answer is a ListResponse and answers its resources. */
export function expectList(res: ScimAnswer, totalResults: number, startIndex = 1): any[] {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^application\/scim\+json/);
  expect(res.body.schemas).toEqual([LIST_SCHEMA]);
  expect(res.body.totalResults).toBe(totalResults);
  expect(res.body.startIndex).toBe(startIndex);
  expect(res.body.itemsPerPage).toBe(res.body.Resources.length);
  return res.body.Resources;
}
