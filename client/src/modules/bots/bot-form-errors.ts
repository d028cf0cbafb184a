import { describeError } from '../../shared/graphql-errors';
import type { BotFormValues } from './components/BotForm';

const FORM_FIELDS: ReadonlySet<string> = new Set<keyof BotFormValues>([
  'name',
  'description',
  'privacy',
  'model',
  'language',
]);

export interface BotFormProblem {
  /** A message for the form as a whole (not about one field), or null. */
  error: string | null;
  /** The server's message under the field it named (`extensions.field`). */
  fieldErrors: Record<string, string>;
}

/** Splits a failed create/update into what BotForm shows under a field and what it shows above. */
export function botFormProblem(error: unknown): BotFormProblem {
  const { field, message } = describeError(error);
  if (field && FORM_FIELDS.has(field)) return { error: null, fieldErrors: { [field]: message } };
  return { error: message, fieldErrors: {} };
}
