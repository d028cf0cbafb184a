import { AppError, badInput, notFound } from '../../shared/app-error.js';

/** The single sign-on domain's errors (GraphQL `extensions.code`, REST `error`). */
export const SsoErrors = {
  connectionNotFound: () => notFound('No such single sign-on connection in this workspace.'),
  invalid: (field: string, message: string) => badInput(message, { field }),
  discoveryFailed: (issuer: string, reason: string) =>
    badInput(
      `The identity provider at ${issuer} could not be reached or read: ${reason} Check the issuer URL (its /.well-known/openid-configuration must answer).`,
      { field: 'issuer' },
    ),
  noEnabledConnection: () =>
    new AppError(
      'SSO_NO_ENABLED_CONNECTION',
      'Add and enable a single sign-on connection before enforcing single sign-on.',
      409,
    ),
  lastEnabledConnection: () =>
    new AppError(
      'SSO_LAST_CONNECTION',
      'Single sign-on is enforced and this is its last enabled connection: stop enforcing single sign-on first.',
      409,
    ),
  domainTaken: (domain: string) =>
    new AppError(
      'SSO_DOMAIN_TAKEN',
      `${domain} is already verified by another Lumen workspace. Ask Lumen's operator to release it.`,
      409,
      { field: 'domain' },
    ),
  ssoRequired: () =>
    new AppError(
      'SSO_REQUIRED',
      'Your workspace signs in through single sign-on: enter your work email and choose "Continue with single sign-on".',
      403,
    ),
  invalidCode: () =>
    new AppError(
      'SSO_INVALID_CODE',
      'This sign-in has expired or was already used. Sign in again.',
      400,
      { field: 'code' },
    ),
  tooManyRequests: (seconds: number) =>
    new AppError(
      'TOO_MANY_REQUESTS',
      `Too many single sign-on requests from this address. Try again in ${seconds} seconds.`,
      429,
      { retryAfterSeconds: seconds },
    ),
};
