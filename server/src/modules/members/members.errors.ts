import { AppError } from '../../shared/app-error.js';

export const MemberErrors = {
  lastAdmin: () =>
    new AppError(
      'LAST_ADMIN',
      'A workspace needs at least one admin: make someone else an admin first.',
      409,
    ),
  memberNotFound: () => new AppError('NOT_FOUND', 'No such member in this workspace.', 404),
  invitationNotFound: () => new AppError('NOT_FOUND', 'No such invitation in this workspace.', 404),
  invalidInvitation: () =>
    new AppError(
      'INVALID_INVITATION',
      'This invitation link is not valid any more. Ask for a new one.',
      400,
    ),
  tooManyAddresses: (max: number) =>
    new AppError('BAD_USER_INPUT', `Invite at most ${max} addresses at a time.`, 400, {
      field: 'emails',
    }),
  noAddresses: () =>
    new AppError('BAD_USER_INPUT', 'Enter at least one email address.', 400, { field: 'emails' }),
  invalidRoles: () =>
    new AppError(
      'BAD_USER_INPUT',
      'Choose one or more of the roles Admins, Product Experts, Customer-facing prod.',
      400,
      {
        field: 'roles',
      },
    ),
  resendTooSoon: (seconds: number) =>
    new AppError(
      'TOO_MANY_REQUESTS',
      `This invitation was just sent. Try again in ${seconds} seconds.`,
      429,
      {
        retryAfterSeconds: seconds,
      },
    ),
  nameRequired: () =>
    new AppError(
      'BAD_USER_INPUT',
      'Enter your first name (names are at most 100 characters).',
      400,
      {
        field: 'firstName',
      },
    ),
  messageTooLong: (max: number) =>
    new AppError('BAD_USER_INPUT', `The message is at most ${max} characters.`, 400, {
      field: 'inviteMessage',
    }),
  /** Unverified address, another domain, joining turned off, or no such workspace: alike. */
  notJoinable: () =>
    new AppError(
      'NOT_JOINABLE',
      'This workspace is not open to your address. Verify your email address, or ask its admins for an invitation.',
      403,
    ),
  joinNotAlone: () =>
    new AppError(
      'WORKSPACE_NOT_EMPTY',
      'Your workspace has other members, so you cannot leave it to join another. Ask the other workspace’s admins to invite another address of yours.',
      409,
    ),
  joinNotEmpty: () =>
    new AppError(
      'WORKSPACE_NOT_EMPTY',
      'Your workspace has sources, documents or bots, which joining would delete. Remove them first, or ask the other workspace’s admins for an invitation.',
      409,
    ),
};
