import { AppError, badInput } from '../../shared/app-error.js';

export const ApiKeyErrors = {
  notFound: () => new AppError('NOT_FOUND', 'No such API key.', 404),
  permissionNotHeld: (permission: string) =>
    badInput(`You cannot give a key ${permission}: you do not have it yourself.`, {
      field: 'permissions',
    }),
  unknownPermission: (permission: string) =>
    badInput(`${permission} is not a permission.`, { field: 'permissions' }),
  noPermissions: () => badInput('Choose at least one permission.', { field: 'permissions' }),
  name: () => badInput('Name the key (at most 100 characters).', { field: 'name' }),
  expiry: () => badInput('A key expires in 1 to 3650 days, or never.', { field: 'expiresInDays' }),
};
