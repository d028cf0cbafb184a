import 'reflect-metadata';
import { lexicographicSortSchema, printSchema, type GraphQLSchema } from 'graphql';
import { buildSchema } from 'type-graphql';
import { AccountResolver } from '../modules/account/account.resolver.js';
import { NotificationsResolver } from '../modules/notifications/notifications.resolver.js';
import { ApiKeysResolver } from '../modules/api-keys/api-keys.resolver.js';
import { AuditResolver } from '../modules/audit/audit.resolver.js';
import { AuthResolver } from '../modules/auth/auth.resolver.js';
import { EmailVerificationResolver } from '../modules/auth/email-verification.resolver.js';
import { DomainJoinResolver } from '../modules/members/domain-join.resolver.js';
import { InvitationsResolver } from '../modules/members/invitations.resolver.js';
import { MembersResolver } from '../modules/members/members.resolver.js';
import { SearchResolver } from '../modules/search/search.resolver.js';
import { BotsResolver } from '../modules/bots/bots.resolver.js';
import { ConversationsResolver } from '../modules/conversations/conversations.resolver.js';
import { ConnectorsResolver } from '../modules/connectors/connectors.resolver.js';
import { LinkedAccountsResolver } from '../modules/linked-accounts/linked-accounts.resolver.js';
import { SourcesResolver } from '../modules/sources/sources.resolver.js';
import { SourceConnectionsResolver } from '../modules/sources/source-connections.resolver.js';
import { GroupsResolver } from '../modules/access/groups.resolver.js';
import { SourceAccessResolver } from '../modules/sources/source-access.resolver.js';
import { ScimResolver } from '../modules/scim/scim.resolver.js';
import { SsoResolver } from '../modules/sso/sso.resolver.js';
import { SlackResolver } from '../modules/slack/slack.resolver.js';
import { authChecker } from './auth-checker.js';

/** Every resolver of the API. The printed schema is committed as /schema.graphql. */
export const resolvers = [
  AuthResolver,
  AccountResolver,
  NotificationsResolver,
  MembersResolver,
  InvitationsResolver,
  SourcesResolver,
  SourceAccessResolver,
  GroupsResolver,
  SearchResolver,
  BotsResolver,
  ConversationsResolver,
  ConnectorsResolver,
  SourceConnectionsResolver,
  LinkedAccountsResolver,
  ApiKeysResolver,
  AuditResolver,
  ScimResolver,
  SsoResolver,
  SlackResolver,
  EmailVerificationResolver,
  DomainJoinResolver,
] as const;

export function buildGraphQLSchema(): Promise<GraphQLSchema> {
  return buildSchema({
    resolvers,
    authChecker,
    validate: { forbidUnknownValues: false },
    emitSchemaFile: false,
  });
}

export function printSortedSchema(schema: GraphQLSchema): string {
  return `# Generated from the server's type-graphql classes by \`npm run schema\`. Do not edit.\n\n${printSchema(lexicographicSortSchema(schema))}\n`;
}
