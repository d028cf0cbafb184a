import { registerEnumType } from 'type-graphql';
import { ROLES } from '../modules/identity/permissions.js';
import { BOT_PRIVACY } from '../modules/bots/bot.entity.js';

/**
 * The closed sets the API returns, as GraphQL enums so that typed clients get unions instead of
 * strings. Each value is named exactly as the string the API has always sent (`generated`,
 * `needs_reauth`), so responses are unchanged. Inputs stay strings checked by the services: a
 * caller writing `privacy: "public"` in a query keeps working.
 */
function closedSet<T extends string>(values: readonly T[]): { [K in T]: K } {
  return Object.fromEntries(values.map((v) => [v, v])) as { [K in T]: K };
}

export const AnswerModeEnum = closedSet(['generated', 'extractive'] as const);
registerEnumType(AnswerModeEnum, {
  name: 'AnswerMode',
  description: 'generated (written by the AI model) or extractive (sentences of the sources).',
});

export const BotPrivacyEnum = closedSet(BOT_PRIVACY);
registerEnumType(BotPrivacyEnum, { name: 'BotPrivacy' });

export const DocumentStatusEnum = closedSet(['queued', 'parsing', 'indexed', 'failed'] as const);
registerEnumType(DocumentStatusEnum, { name: 'DocumentStatus' });

export const SourceStatusEnum = closedSet(['idle', 'syncing', 'error', 'needs_reauth'] as const);
registerEnumType(SourceStatusEnum, { name: 'SourceStatus' });

export const RoleKeyEnum = closedSet(Object.keys(ROLES) as (keyof typeof ROLES)[]);
registerEnumType(RoleKeyEnum, { name: 'RoleKey', description: 'A role a member can hold.' });
