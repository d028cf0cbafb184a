import { AppError } from '../../shared/app-error.js';

export const SearchErrors = {
  /** 429 on REST (with Retry-After) and on GraphQL (code TOO_MANY_REQUESTS). */
  tooManyQuestions: (seconds: number) =>
    new AppError(
      'TOO_MANY_REQUESTS',
      `You are asking questions faster than this workspace allows. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
      429,
      { retryAfterSeconds: seconds },
    ),
};
