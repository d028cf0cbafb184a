import { AppError, unauthenticated } from '../../shared/app-error.js';

/** The sign-in error codes of the spec's catalogue, plus the rest of the auth domain's. */
export const AuthErrors = {
  invalidCredentials: () =>
    new AppError('INVALID_CREDENTIALS', 'Incorrect email or password.', 401),
  tooManySignUps: (seconds: number) =>
    new AppError(
      'TOO_MANY_REQUESTS',
      `Too many accounts were created from this address. Try again in ${Math.max(1, Math.ceil(seconds / 60))} minute(s).`,
      429,
      { retryAfterSeconds: seconds },
    ),
  tooManyAttempts: (seconds: number) =>
    new AppError(
      'NOTAUTHORIZEDEXCEPTION',
      `Too many attempts. Try again in ${Math.max(1, Math.ceil(seconds / 60))} minute(s).`,
      429,
      { retryAfterSeconds: seconds },
    ),
  passwordResetRequired: () =>
    new AppError(
      'PASSWORDRESETREQUIRED',
      'Your password must be reset. We sent a code to your email address.',
      403,
    ),
  emailTaken: () =>
    new AppError('EMAIL_TAKEN', 'An account with this email already exists.', 409, {
      field: 'email',
    }),
  invalidCode: () =>
    new AppError('INVALID_CODE', 'The code is wrong or has expired. Ask for a new one.', 400, {
      field: 'code',
    }),
  invalidSession: () =>
    new AppError(
      'INVALID_SESSION',
      'This password-change session has expired. Sign in again.',
      400,
    ),
  verificationMailTooSoon: (seconds: number) =>
    new AppError(
      'TOO_MANY_REQUESTS',
      seconds <= 90
        ? `A code was sent a moment ago. You can ask for another in ${seconds} second(s).`
        : `Too many codes were sent. You can ask for another in ${Math.ceil(seconds / 60)} minute(s).`,
      429,
      { retryAfterSeconds: seconds },
    ),
  sessionExpired: () => unauthenticated('Your session has ended. Sign in again.'),
};
