/** RFC 7644 §3.12 error codes Lumen answers with (as `scimType`). */
export type ScimType =
  | 'invalidFilter'
  | 'tooMany'
  | 'uniqueness'
  | 'mutability'
  | 'invalidSyntax'
  | 'invalidPath'
  | 'noTarget'
  | 'invalidValue';

export const SCIM_ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';

/**
 * A refusal the identity provider is meant to see: answered as a SCIM Error body with the HTTP
 * status as a string (RFC 7644 §3.12), never with a stack trace.
 */
export class ScimError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly scimType?: ScimType,
  ) {
    super(detail);
    this.name = 'ScimError';
  }

  body() {
    return {
      schemas: [SCIM_ERROR_SCHEMA],
      status: String(this.status),
      ...(this.scimType ? { scimType: this.scimType } : {}),
      detail: this.detail,
    };
  }
}

export const ScimErrors = {
  unauthorized: () =>
    new ScimError(401, 'The SCIM token is missing, not valid or revoked. Create one in Lumen.'),
  userNotFound: (id: string) => new ScimError(404, `User ${id.slice(0, 100)} not found.`),
  groupNotFound: (id: string) => new ScimError(404, `Group ${id.slice(0, 100)} not found.`),
  routeNotFound: () => new ScimError(404, 'No such SCIM resource.'),
  methodNotAllowed: () => new ScimError(405, 'This method is not supported on this resource.'),
  userNameTaken: () =>
    new ScimError(409, 'A user with this userName already exists.', 'uniqueness'),
  groupNameTaken: () =>
    new ScimError(409, 'A group with this displayName already exists.', 'uniqueness'),
  lastAdmin: () =>
    new ScimError(
      409,
      'This person is the workspace’s last active admin in Lumen: make someone else an admin in Lumen first.',
      'mutability',
    ),
  invalidFilter: (why: string) =>
    new ScimError(400, `The filter is not valid: ${why}`, 'invalidFilter'),
  invalidValue: (why: string) => new ScimError(400, why, 'invalidValue'),
  invalidSyntax: (why: string) => new ScimError(400, why, 'invalidSyntax'),
  invalidPath: (path: string) =>
    new ScimError(400, `The path ${path.slice(0, 200)} is not supported.`, 'invalidPath'),
  tooLarge: () => new ScimError(413, 'The request body is too large.'),
  tooMany: (seconds: number) =>
    new ScimError(429, `Too many requests: try again in ${seconds} seconds.`),
  tooManyGroups: (max: number) =>
    new ScimError(400, `A workspace holds at most ${max} groups.`, 'invalidValue'),
  tooManyMembers: (max: number) =>
    new ScimError(400, `A group holds at most ${max} members.`, 'invalidValue'),
};
