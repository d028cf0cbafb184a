import { AppError } from '../../shared/app-error.js';

export const AccessErrors = {
  groupNotFound: () => new AppError('NOT_FOUND', 'No such group in this workspace.', 404),
  groupNameTaken: (name: string) =>
    new AppError('GROUP_NAME_TAKEN', `A group named “${name}” already exists.`, 409, {
      field: 'name',
    }),
  tooManyGroups: (max: number) =>
    new AppError('BAD_USER_INPUT', `A workspace holds at most ${max} groups.`, 400),
  notAMember: (id: string) =>
    new AppError('BAD_USER_INPUT', `${id} is not a member of this workspace.`, 400, {
      field: 'memberIds',
    }),
  unknownGroup: (id: string) =>
    new AppError('BAD_USER_INPUT', `${id} is not a group of this workspace.`, 400, {
      field: 'groupIds',
    }),
  scimManaged: () =>
    new AppError(
      'SCIM_MANAGED',
      'This group is managed by your identity provider (SCIM): change its name and members there.',
      409,
    ),
  cannotChangeAccess: () =>
    new AppError(
      'FORBIDDEN',
      'Only the source’s owner or an admin can change who can read it.',
      403,
    ),
};
