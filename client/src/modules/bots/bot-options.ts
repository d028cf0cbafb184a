/** SPEC §3: the bot form's choices, with the values the server stores. */

export type BotModel = 'gpt4o' | 'gpt4turbo' | 'gpt35';
export type BotLanguage = 'en' | 'ja' | 'es' | 'rs';
export type BotPrivacy = 'public' | 'private';

export interface BotOption<T extends string> {
  value: T;
  label: string;
}

export const MODEL_OPTIONS: BotOption<BotModel>[] = [
  { value: 'gpt4o', label: 'GPT-4o (omni) - Recommended' },
  { value: 'gpt4turbo', label: 'GPT-4 Turbo' },
  { value: 'gpt35', label: 'GPT 3.5 Turbo (Latest)' },
];

/** Russian's value is `rs`, as the spec gives it. */
export const LANGUAGE_OPTIONS: BotOption<BotLanguage>[] = [
  { value: 'en', label: 'English' },
  { value: 'ja', label: 'Japanese' },
  { value: 'es', label: 'Spanish' },
  { value: 'rs', label: 'Russian' },
];

export const PRIVACY_OPTIONS: BotOption<BotPrivacy>[] = [
  { value: 'public', label: 'Public access' },
  { value: 'private', label: 'Private' },
];

export const DEFAULT_MODEL: BotModel = 'gpt35';
export const DEFAULT_LANGUAGE: BotLanguage = 'en';
export const DEFAULT_PRIVACY: BotPrivacy = 'public';

/** The server's limits (server/src/modules/bots/bot-rules.ts), so the form can say them early. */
export const BOT_NAME_MAX = 80;
export const BOT_DESCRIPTION_MAX = 1000;

const labelOf = <T extends string>(options: BotOption<T>[], value: string): string =>
  options.find((o) => o.value === value)?.label ?? value;

/** 'GPT-4 Turbo' for gpt4turbo; an unknown value is shown as it is. */
export const modelLabel = (value: string): string => labelOf(MODEL_OPTIONS, value);
/** 'Russian' for rs. */
export const languageLabel = (value: string): string => labelOf(LANGUAGE_OPTIONS, value);
/** 'Public access' for public. */
export const privacyLabel = (value: string): string => labelOf(PRIVACY_OPTIONS, value);

export const isModel = (value: string): value is BotModel =>
  MODEL_OPTIONS.some((o) => o.value === value);
export const isLanguage = (value: string): value is BotLanguage =>
  LANGUAGE_OPTIONS.some((o) => o.value === value);
export const isPrivacy = (value: string): value is BotPrivacy =>
  PRIVACY_OPTIONS.some((o) => o.value === value);
