import { Notification } from '../modules/notifications/notification.entity.js';
import { AuthChallenge } from '../modules/auth/auth-challenge.entity.js';
import { RateLimitEntry } from '../security/rate-limit.entity.js';
import { RefreshToken } from '../modules/auth/refresh-token.entity.js';
import { Invitation } from '../modules/members/invitation.entity.js';
import { User } from '../modules/identity/user.entity.js';
import { Workspace } from '../modules/identity/workspace.entity.js';
import { OutboxMessage } from '../mail/outbox-message.entity.js';
import { Job } from '../jobs/job.entity.js';
import {
  Chunk,
  ChunkEmbedding,
  SearchTermStat,
  SearchWorkspaceStat,
  Source,
  SourceDocument,
  SourcePrincipal,
} from '../modules/corpus/index.js';
import { PendingUpload } from '../modules/sources/pending-upload.entity.js';
import { Bot, BotLog, BotSource } from '../modules/bots/bot.entity.js';
import { IntegrationSetting, ProviderKey } from '../modules/provider-keys/provider-key.entity.js';
import { DocumentView, SearchHistoryEntry } from '../modules/search/search-history.entity.js';
import { OAuthState } from '../modules/connectors/oauth-state.entity.js';
import { LinkedAccount } from '../modules/linked-accounts/linked-account.entity.js';
import { LinkState } from '../modules/linked-accounts/link-state.entity.js';
import { ServerSetting } from '../storage/server-setting.entity.js';
import { ApiKey } from '../modules/api-keys/api-key.entity.js';
import { AuditEvent } from '../modules/audit/audit-event.entity.js';
import { Conversation, ConversationTurn } from '../modules/conversations/conversation.entity.js';
import { AnswerFeedback } from '../modules/conversations/answer-feedback.entity.js';
import { Group, GroupMember } from '../modules/access/group.entity.js';
import { SourceGroupGrant, SourceMemberGrant } from '../modules/access/source-grant.entity.js';
import { SsoConnection } from '../modules/sso/sso-connection.entity.js';
import { SsoDomain } from '../modules/sso/sso-domain.entity.js';
import { SsoIdentity } from '../modules/sso/sso-identity.entity.js';
import { SsoLoginAttempt } from '../modules/sso/sso-login-attempt.entity.js';
import { SsoHandoffCode } from '../modules/sso/sso-handoff-code.entity.js';
import { SsoSession } from '../modules/sso/sso-session.entity.js';
import { ScimToken } from '../modules/scim/scim-token.entity.js';
import {
  SlackChannel,
  SlackEvent,
  SlackIntegration,
  SlackThread,
} from '../modules/slack/slack-integration.entity.js';

/** Every entity, listed explicitly (no globs: the same list works from src/ and dist/). */
export const entities = [
  Workspace,
  User,
  ServerSetting,
  ApiKey,
  AuditEvent,
  RefreshToken,
  AuthChallenge,
  RateLimitEntry,
  OutboxMessage,
  Invitation,
  Source,
  SourceDocument,
  Chunk,
  ChunkEmbedding,
  PendingUpload,
  Job,
  SearchTermStat,
  SearchWorkspaceStat,
  SearchHistoryEntry,
  DocumentView,
  ProviderKey,
  IntegrationSetting,
  Bot,
  BotSource,
  BotLog,
  OAuthState,
  LinkedAccount,
  SourcePrincipal,
  LinkState,
  Conversation,
  ConversationTurn,
  AnswerFeedback,
  Group,
  GroupMember,
  SourceMemberGrant,
  SourceGroupGrant,
  ScimToken,
  SsoConnection,
  SsoDomain,
  SsoIdentity,
  SsoLoginAttempt,
  SsoHandoffCode,
  SsoSession,
  Notification,
  SlackIntegration,
  SlackChannel,
  SlackEvent,
  SlackThread,
];
