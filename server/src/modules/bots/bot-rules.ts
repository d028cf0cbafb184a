import { badInput } from '../../shared/app-error.js';
import {
  BOT_LANGUAGES,
  BOT_MODELS,
  BOT_PRIVACY,
  type BotLanguage,
  type BotModel,
  type BotPrivacy,
} from './bot.entity.js';

/** The provider's model id for each of the spec's model values. */
export const MODEL_IDS: Record<BotModel, string> = {
  gpt4o: 'gpt-4o',
  gpt4turbo: 'gpt-4-turbo',
  gpt35: 'gpt-3.5-turbo',
};

/** The language a bot answers in, as the model is told. */
export const LANGUAGE_NAMES: Record<BotLanguage, string> = {
  en: 'English',
  ja: 'Japanese',
  es: 'Spanish',
  rs: 'Russian',
};

export const NAME_MAX = 80;
export const DESCRIPTION_MAX = 1000;

export interface BotFields {
  name: string;
  description: string;
  privacy: BotPrivacy;
  model: BotModel;
  language: BotLanguage;
}

/**
 * The bot form's rules on the server: name required and bounded, enums checked, the spec's
 * defaults (gpt35, en, public) for fields left out. `partial` keeps absent fields absent (edits).
 */
export function checkBotFields(
  input: Record<string, unknown>,
  partial = false,
): Partial<BotFields> {
  const out: Partial<BotFields> = {};
  const text = (key: string, max: number) => {
    const value = input[key];
    if (value === undefined || value === null) return undefined;
    if (typeof value !== 'string') throw badInput(`${key} must be text.`, { field: key });
    const trimmed = value.trim();
    if (trimmed.length > max)
      throw badInput(`The ${key} can be at most ${max} characters.`, { field: key });
    return trimmed;
  };
  const choice = <T extends string>(key: string, allowed: readonly T[], fallback: T) => {
    const value = input[key];
    if (value === undefined || value === null || value === '')
      return partial ? undefined : fallback;
    if (!allowed.includes(value as T)) {
      throw badInput(`${key} must be one of ${allowed.join(', ')}.`, { field: key });
    }
    return value as T;
  };
  const name = text('name', NAME_MAX);
  if (!partial || name !== undefined) {
    if (!name) throw badInput('Give the bot a name.', { field: 'name' });
    out.name = name;
  }
  const description = text('description', DESCRIPTION_MAX);
  if (description !== undefined || !partial) out.description = description ?? '';
  const privacy = choice('privacy', BOT_PRIVACY, 'public');
  const model = choice('model', BOT_MODELS, 'gpt35');
  const language = choice('language', BOT_LANGUAGES, 'en');
  if (privacy) out.privacy = privacy;
  if (model) out.model = model;
  if (language) out.language = language;
  return out;
}
