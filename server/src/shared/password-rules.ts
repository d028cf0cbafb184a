/**
 * The password rules, in one place for the server (which enforces them) and the client (which
 * shows them while a password is typed). The client imports this file too: no Node APIs and no
 * server imports here.
 *
 * Length is counted in code points (an emoji is one character, as people count), and strength
 * by zxcvbn-ts: it estimates how many guesses a cracker needs, from dictionaries of common
 * passwords, words and names, keyboard patterns, dates and repeats, and says why in plain words.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
/** zxcvbn's score (0–4) a new password must reach: 3 is about 10^8 guesses or more. */
export const PASSWORD_MIN_SCORE = 3;
/** Only this many characters are estimated (the estimate's cost grows with length). */
const ESTIMATED_LENGTH = 64;

export interface PasswordEstimate {
  score: number;
  feedback: { warning: string | null; suggestions: string[] };
}

/** Estimates a password's strength; `userInputs` are words of the account (email, name). */
export type PasswordEstimator = (password: string, userInputs: string[]) => PasswordEstimate;

export interface PasswordProblem {
  /** What is wrong, as a sentence. */
  message: string;
  /** How to do better, as a sentence (empty when there is nothing to add). */
  hint: string;
}

export function passwordLength(password: string): number {
  return Array.from(password).length;
}

/** Why a new password is refused, or null when it is good enough. */
export function judgePassword(
  password: string,
  email: string,
  estimate?: PasswordEstimator,
): PasswordProblem | null {
  const length = passwordLength(password);
  const longer = 'A few unrelated words make a long password that is easy to remember.';
  if (length < PASSWORD_MIN_LENGTH)
    return { message: `Use at least ${PASSWORD_MIN_LENGTH} characters.`, hint: longer };
  if (length > PASSWORD_MAX_LENGTH)
    return { message: `Use at most ${PASSWORD_MAX_LENGTH} characters.`, hint: '' };
  const address = email.trim().toLowerCase();
  const local = address.split('@')[0];
  const lower = password.toLowerCase();
  if (address && (lower === address || lower === local))
    return { message: 'Do not use your email address as your password.', hint: longer };
  if (!estimate) return null;
  const clipped = Array.from(password).slice(0, ESTIMATED_LENGTH).join('');
  const result = estimate(clipped, [address, local, ...local.split(/[._+-]/), 'lumen']);
  if (result.score >= PASSWORD_MIN_SCORE) return null;
  return {
    message: `This password is too easy to guess${
      result.feedback.warning ? `: ${lowerFirst(result.feedback.warning)}` : '.'
    }`,
    hint: result.feedback.suggestions.join(' ') || 'Add another word or two that are less common.',
  };
}

/** A 0–4 strength for a meter, with the same estimator (length rules count as 0). */
export function passwordScore(password: string, email: string, estimate: PasswordEstimator) {
  if (!password) return 0;
  if (judgePassword(password, email) !== null) return 0;
  const clipped = Array.from(password).slice(0, ESTIMATED_LENGTH).join('');
  return estimate(clipped, [email.trim().toLowerCase(), 'lumen']).score;
}

let loading: Promise<PasswordEstimator> | undefined;

/**
 * The estimator, loaded once on first use (its dictionaries are about 1 MB: the client loads
 * them only on the screens where a password is chosen).
 */
export function loadPasswordEstimator(): Promise<PasswordEstimator> {
  loading ??= (async () => {
    const [{ ZxcvbnFactory }, common, english] = await Promise.all([
      import('@zxcvbn-ts/core'),
      import('@zxcvbn-ts/language-common'),
      import('@zxcvbn-ts/language-en'),
    ]);
    const factory = new ZxcvbnFactory({
      dictionary: { ...common.dictionary, ...english.dictionary },
      graphs: common.adjacencyGraphs,
      translations: english.translations,
    });
    return (password, userInputs) => factory.check(password, userInputs);
  })();
  loading.catch(() => (loading = undefined)); // a failed load (offline chunk) may be tried again
  return loading;
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}
