import { badInput } from '../../shared/app-error.js';
import { judgePassword, loadPasswordEstimator } from '../../shared/password-rules.js';

export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../shared/password-rules.js';

/**
 * Refuses a new password that is too short, too long, the email address, or too easy to guess
 * (shared/password-rules.ts, the same rules the client shows), with the reason and a hint.
 */
export async function checkPassword(password: string, email: string): Promise<void> {
  const problem = judgePassword(password, email, await loadPasswordEstimator());
  if (problem)
    throw badInput(problem.hint ? `${problem.message} ${problem.hint}` : problem.message, {
      field: 'password',
      reason: problem.message,
      hint: problem.hint,
    });
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function normalizeEmail(email: string): string {
  const value = email.trim().toLowerCase();
  if (!EMAIL.test(value) || value.length > 254) {
    throw badInput('Enter a valid email address.', { field: 'email' });
  }
  return value;
}
