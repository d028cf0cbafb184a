import { useEffect, useState } from 'react';
import {
  judgePassword,
  loadPasswordEstimator,
  passwordScore,
  type PasswordEstimator,
  type PasswordProblem,
} from '../../../../server/src/shared/password-rules';

export { PASSWORD_MIN_LENGTH } from '../../../../server/src/shared/password-rules';

/** The estimator once loaded, for synchronous validation on submit. */
let loaded: PasswordEstimator | undefined;

/**
 * Loads the strength estimator (a separate chunk, fetched only on the screens where a password
 * is chosen) and answers it once ready; undefined until then, or if it could not load (the
 * server checks the same rules anyway).
 */
export function usePasswordEstimator(): PasswordEstimator | undefined {
  const [estimator, setEstimator] = useState<PasswordEstimator | undefined>(() => loaded);
  useEffect(() => {
    if (estimator) return;
    let live = true;
    loadPasswordEstimator()
      .then((e) => {
        loaded = e;
        if (live) setEstimator(() => e);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [estimator]);
  return estimator;
}

export interface PasswordStrength {
  /** 0–4; 0 also for a password the length rules refuse. */
  score: number;
  problem: PasswordProblem | null;
}

/** The strength of what is typed, for the meter under the field. */
export function strengthOf(
  password: string,
  email: string,
  estimator: PasswordEstimator | undefined,
): PasswordStrength | null {
  if (!password || !estimator) return null;
  return {
    score: passwordScore(password, email, estimator),
    problem: judgePassword(password, email, estimator),
  };
}

/**
 * A form's validation of a new password: the same rules as the server (strength too, once the
 * estimator has loaded). Answers the sentence to show, or null.
 */
export function newPasswordError(password: string, email: string, empty: string): string | null {
  if (!password) return empty;
  return judgePassword(password, email, loaded)?.message ?? null;
}
