import type { DataSource } from 'typeorm';
import type { Config } from './config.js';
import { createMailer } from './mail/mailer.js';
import { AuthService } from './modules/auth/auth.service.js';
import { InvitationsService } from './modules/members/invitations.service.js';
import { DomainJoinService } from './modules/members/domain-join.service.js';
import { MembersService } from './modules/members/members.service.js';
import { JobQueue } from './jobs/job-queue.js';
import { Schedule } from './jobs/schedule.js';
import { RateLimiter } from './security/rate-limiter.js';
import {
  Embedder,
  HybridRetriever,
  Indexer,
  LexicalRetriever,
  Readers,
  SourcesService,
} from './modules/corpus/index.js';
import { ParserPool } from './parsing/index.js';
import { AuditLog } from './modules/audit/audit-log.js';
import { AuditService } from './modules/audit/audit.service.js';
import { ApiKeysService } from './modules/api-keys/api-keys.service.js';
import { UploadsService } from './modules/sources/uploads.service.js';
import { SourceAdmin } from './modules/sources/source-admin.service.js';
import { EmbeddingClient } from './ai/embedding-client.js';
import { ProviderBreaker } from './ai/provider-breaker.js';
import { SearchService } from './modules/search/search.service.js';
import { AskService } from './modules/search/ask.service.js';
import { SearchHistoryService } from './modules/search/search-history.service.js';
import { BotAnswers } from './modules/bots/bot-answers.service.js';
import { BotReports } from './modules/bots/bot-reports.service.js';
import { BotSources } from './modules/bots/bot-sources.service.js';
import { BotsService } from './modules/bots/bots.service.js';
import { ConversationsService } from './modules/conversations/conversations.service.js';
import { AnswerFeedbackService } from './modules/conversations/answer-feedback.service.js';
import { AtlassianOAuth } from './modules/connectors/atlassian-oauth.js';
import { GoogleOAuth } from './modules/connectors/google-oauth.js';
import { ConnectorSync } from './modules/connectors/connector-sync.js';
import { PermissionSync } from './modules/connectors/permissions/permission-sync.js';
import { ConnectorAuthorization } from './modules/connectors/connector-authorization.js';
import { ConnectorsService } from './modules/connectors/connectors.service.js';
import { CredentialVault, sourceCredentialStore } from './modules/connectors/credentials.js';
import { linkedTokenStore } from './modules/linked-accounts/member-tokens.js';
import { memberSettings } from './modules/connectors/permissions/member-settings.js';
import {
  AtlassianIdentity,
  GitHubIdentity,
  GoogleIdentity,
  type IdentityProvider,
  type LinkProvider,
} from './modules/linked-accounts/identity-providers.js';
import { LinkedAccountsService } from './modules/linked-accounts/linked-accounts.service.js';
import { AccountService } from './modules/account/account.service.js';
import { NotificationsService } from './modules/notifications/notifications.service.js';
import { ProviderKeysService } from './modules/provider-keys/provider-keys.service.js';
import { GroupsService } from './modules/access/groups.service.js';
import { SourceAccessService } from './modules/access/source-access.service.js';
import { SessionTokens } from './modules/auth/session-tokens.js';
import { ScimTokensService } from './modules/scim/scim-tokens.service.js';
import { ScimUsersService } from './modules/scim/scim-users.service.js';
import { ScimGroupsService } from './modules/scim/scim-groups.service.js';
import { OidcConfigs } from './modules/sso/oidc-configs.js';
import { DnsTxt } from './modules/sso/dns-txt.js';
import { SsoDomainsService } from './modules/sso/sso-domains.service.js';
import { SsoConnectionsService } from './modules/sso/sso-connections.service.js';
import { SsoSignInService } from './modules/sso/sso-sign-in.service.js';
import { SlackService } from './modules/slack/slack.service.js';
import { SlackAnswers } from './modules/slack/slack-answers.js';
import { SlackReceiver } from './modules/slack/slack-receiver.js';
import type { AppKeys } from './security/app-keys.js';
import { LocalStorage } from './storage/local-storage.js';
import type { ObjectStorage } from './storage/object-storage.js';
import { S3Storage } from './storage/s3-storage.js';
import type { Logger } from './shared/logger.js';

/** Every domain service, built once per process and shared by GraphQL and REST. */
export interface Services {
  db: DataSource;
  keys: AppKeys;
  logger: Logger;
  auth: AuthService;
  members: MembersService;
  invitations: InvitationsService;
  /** Joining the team's workspace by a verified address at its proven domain. */
  domainJoin: DomainJoinService;
  storage: ObjectStorage;
  jobs: JobQueue;
  /** Periodic work: singleton jobs on the queue, one run per interval across instances. */
  schedule: Schedule;
  /** The one rate limiter (security/rate-limiter.ts), in Postgres. */
  limits: RateLimiter;
  parsers: ParserPool;
  /** Present when embeddings are configured (EMBEDDING_MODEL with OPENAI_API_KEY). */
  embedder: Embedder | undefined;
  /** Who may read what: every read of documents and passages goes through a Reader from here. */
  readers: Readers;
  groups: GroupsService;
  sourceAccess: SourceAccessService;
  sources: SourcesService;
  /** Making and deleting sources and uploaded files (checked, audited). */
  sourceAdmin: SourceAdmin;
  uploads: UploadsService;
  apiKeys: ApiKeysService;
  auditLog: AuditLog;
  audit: AuditService;
  search: SearchService;
  history: SearchHistoryService;
  conversations: ConversationsService;
  answerFeedback: AnswerFeedbackService;
  ask: AskService;
  providerKeys: ProviderKeysService;
  connectors: ConnectorsService;
  /** Connecting with Authorize (OAuth): the authorize URL and the callback's code. */
  connectorAuthorization: ConnectorAuthorization;
  connectorSync: ConnectorSync;
  permissionSync: PermissionSync;
  linkedAccounts: LinkedAccountsService;
  account: AccountService;
  notifications: NotificationsService;
  bots: BotsService;
  /** What each bot answers from (attach, detach, the list as someone may see it). */
  botSources: BotSources;
  /** Asking bots, and their logs. */
  botAnswers: BotAnswers;
  botReports: BotReports;
  /** Single sign-on (OpenID Connect): connections, domains, and the sign-in flow. */
  ssoConnections: SsoConnectionsService;
  ssoDomains: SsoDomainsService;
  ssoSignIn: SsoSignInService;
  /** SCIM provisioning: the workspace's token, and the IdP's Users and Groups. */
  scimTokens: ScimTokensService;
  scimUsers: ScimUsersService;
  scimGroups: ScimGroupsService;
  /** Ask Lumen in Slack: the integration (admins), Slack's requests, and the answering job. */
  slack: SlackService;
  slackReceiver: SlackReceiver;
}

export function createServices(
  config: Config,
  db: DataSource,
  keys: AppKeys,
  logger: Logger,
): Services {
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    dataSource: db,
    logger,
    production: config.env === 'production',
  });
  const jobs = new JobQueue(db, logger, {
    concurrency: config.jobConcurrency,
    pollMs: 500,
    retryBaseSeconds: config.jobRetryBaseSeconds,
    instanceId: config.instanceId,
  });
  const auditLog = new AuditLog(db, logger);
  // Every rate limit (sign-in, questions, public chat, SSO, SCIM) counts here, across instances.
  const limits = new RateLimiter(db);
  const notifications = new NotificationsService(db, logger);
  const readers = new Readers(db);
  const audit = new AuditService(db, readers);
  const auth = new AuthService(db, keys, mailer, jobs, logger, auditLog, {
    accessTokenTtlSeconds: config.accessTokenTtlSeconds,
    refreshTokenTtlDays: config.refreshTokenTtlDays,
    publicUrl: config.publicUrl,
  });
  auth.register(jobs);
  const account = new AccountService(db, auth, limits, auditLog);
  const apiKeys = new ApiKeysService(db, keys.tokenHash, logger, auditLog);
  const members = new MembersService(db, logger, auditLog);
  const invitations = new InvitationsService(
    db,
    keys.tokenHash,
    mailer,
    logger,
    config.publicUrl,
    auditLog,
  );
  const domainJoin = new DomainJoinService(db, auth, auditLog, logger, notifications);
  const storage: ObjectStorage = config.s3
    ? new S3Storage(config.s3)
    : new LocalStorage(config.dataDir, keys.storage);
  const parsers = new ParserPool({
    size: config.jobConcurrency,
    timeoutMs: config.parseTimeoutMs,
    maxMemoryMb: config.parseMemoryMb,
  });
  const embeddings = embeddingClient(config);
  const embedder = embeddings ? new Embedder(db, embeddings, logger) : undefined;
  embedder?.register(jobs);
  const indexer = new Indexer(
    db,
    storage,
    logger,
    parsers,
    embedder && ((documentId, m) => Embedder.enqueue(jobs, documentId, m)),
  );
  indexer.register(jobs);
  const groups = new GroupsService(db, auditLog);
  const sourceAccess = new SourceAccessService(
    db,
    readers,
    auditLog,
    config.connectors.permissionSyncMinutes,
  );
  const sources = new SourcesService(db, storage, readers);
  const sourceAdmin = new SourceAdmin(db, storage, auditLog, readers, sources, sourceAccess);
  const uploads = new UploadsService(
    db,
    storage,
    jobs,
    logger,
    auditLog,
    {
      maxFileBytes: config.uploadMaxBytes,
      workspaceQuotaBytes: config.workspaceQuotaBytes,
    },
    readers,
  );
  const lexical = new LexicalRetriever(db);
  const search = new SearchService(
    db,
    embeddings ? new HybridRetriever(db, lexical, embeddings, logger) : lexical,
    lexical,
  );
  const history = new SearchHistoryService(db, readers);
  const conversations = new ConversationsService(db);
  const answerFeedback = new AnswerFeedbackService(db);
  // One breaker per process for every key (answers skip a failing key; key status reads it).
  const providerBreaker = new ProviderBreaker({ cooldownMs: config.ai.cooldownMs });
  const providerKeys = new ProviderKeysService(
    db,
    keys.secrets,
    config.ai,
    auditLog,
    providerBreaker,
  );
  const ask = new AskService(
    db,
    search,
    readers,
    history,
    conversations,
    answerFeedback,
    logger,
    config.ai,
    (userId, model) => providerKeys.providerFor(userId, model),
    config.askRatePerMinute,
    config.apiKeyAskRatePerMinute,
    providerBreaker,
  );
  // Both providers send the user back to the Connectors page; the state says which one it was.
  const atlassianOAuth = new AtlassianOAuth(config.atlassian, `${config.publicUrl}/app/connectors`);
  const googleOAuth = new GoogleOAuth(config.google, `${config.publicUrl}/app/connectors`);
  const oauthFor = (kind: string) =>
    kind === 'google_docs'
      ? googleOAuth
      : kind === 'confluence' || kind === 'jira'
        ? atlassianOAuth
        : undefined;
  const vault = new CredentialVault(db, keys.secrets, sourceCredentialStore(oauthFor));
  const connectorSync = new ConnectorSync(
    db,
    vault,
    indexer,
    logger,
    {
      allowPrivateHosts: config.connectors.allowPrivateHosts,
      intervalMs: config.connectors.syncIntervalMinutes * 60_000,
      sweepIntervalMs: config.connectors.sweepHours * 3_600_000,
      retryBaseMs: config.connectors.retryBaseMs,
      maxInFlight: config.connectors.maxRequestsInFlight,
    },
    parsers,
  );
  connectorSync.register(jobs);
  // Members link their own accounts through the connectors' OAuth apps (and GitHub's OAuth app);
  // every provider sends them back to the Linked accounts page.
  const linkedRedirect = `${config.publicUrl}/app/account/linked`;
  const identities: Record<LinkProvider, IdentityProvider> = {
    atlassian: new AtlassianIdentity(config.atlassian, linkedRedirect),
    google: new GoogleIdentity(config.google, linkedRedirect),
    github: new GitHubIdentity(config.github, linkedRedirect),
  };
  const memberTokens = new CredentialVault(
    db,
    keys.secrets,
    linkedTokenStore((provider) => identities[provider as LinkProvider]?.oauth),
  );
  const permissionSync = new PermissionSync(db, connectorSync, memberTokens, logger, {
    intervalMs: config.connectors.permissionSyncMinutes * 60_000,
    memberSettings: memberSettings(
      identities.atlassian.oauth as AtlassianOAuth,
      config.atlassian.apiUrl,
    ),
  });
  permissionSync.register(jobs);
  connectorSync.permissions = permissionSync;
  connectorSync.notifications = notifications;
  indexer.notifications = notifications;
  invitations.notifications = notifications;
  answerFeedback.notifications = notifications;
  sourceAccess.onMirrored = (sourceId) => permissionSync.syncNow(sourceId);
  const connectors = new ConnectorsService(
    db,
    connectorSync,
    vault,
    oauthFor,
    keys,
    {
      allowPrivateHosts: config.connectors.allowPrivateHosts,
      retryBaseMs: config.connectors.retryBaseMs,
      atlassianApiUrl: config.atlassian.apiUrl,
      googleApiUrl: config.google.apiUrl,
      githubApiUrl: config.github.apiUrl,
    },
    auditLog,
    sourceAccess,
    readers,
  );
  const connectorAuthorization = new ConnectorAuthorization(
    db,
    connectors,
    atlassianOAuth,
    oauthFor,
    keys,
    { atlassianApiUrl: config.atlassian.apiUrl, googleApiUrl: config.google.apiUrl },
  );
  const linkedAccounts = new LinkedAccountsService(
    db,
    identities,
    keys.tokenHash,
    auditLog,
    memberTokens,
  );
  linkedAccounts.onReadAccess = async (sourceIds) => {
    for (const id of sourceIds) await permissionSync.syncNow(id);
  };
  const bots = new BotsService(db, providerKeys, auditLog);
  const botSources = new BotSources(db, bots, auditLog, readers);
  const botAnswers = new BotAnswers(db, bots, ask, providerKeys, readers);
  const botReports = new BotReports(db, bots, answerFeedback, readers);
  const oidcConfigs = new OidcConfigs(config.sso.allowPrivateIssuers);
  const ssoDomains = new SsoDomainsService(db, new DnsTxt(config.sso.dnsServers), auditLog);
  const ssoConnections = new SsoConnectionsService(
    db,
    keys.secrets,
    oidcConfigs,
    ssoDomains,
    auditLog,
    { allowPrivateIssuers: config.sso.allowPrivateIssuers },
  );
  const ssoSignIn = new SsoSignInService(
    db,
    keys,
    oidcConfigs,
    ssoConnections,
    auth,
    auditLog,
    logger,
    config.publicUrl,
  );
  // Password sign-in asks SSO whether the workspace enforces it.
  auth.passwordSignInGate = (user, caller) => ssoSignIn.passwordGate(user, caller);
  const scimTokens = new ScimTokensService(db, keys.tokenHash, config.publicUrl, logger, auditLog);
  const scimSessions = new SessionTokens(db, keys.tokenHash, config.refreshTokenTtlDays, logger);
  const scimUsers = new ScimUsersService(db, scimSessions, logger, auditLog);
  const scimGroups = new ScimGroupsService(db, auditLog);
  const slack = new SlackService(db, keys.secrets, auditLog, logger, {
    apiUrl: config.slack.apiUrl,
    publicUrl: config.publicUrl,
  });
  new SlackAnswers(db, slack, ask, botAnswers, answerFeedback, readers, logger).register(jobs);
  const slackReceiver = new SlackReceiver(db, slack, jobs, logger);
  return {
    db,
    keys,
    logger,
    auth,
    members,
    invitations,
    domainJoin,
    storage,
    jobs,
    schedule: new Schedule(jobs, logger),
    limits,
    parsers,
    embedder,
    readers,
    groups,
    sourceAccess,
    sources,
    sourceAdmin,
    uploads,
    apiKeys,
    auditLog,
    audit,
    search,
    history,
    conversations,
    answerFeedback,
    ask,
    providerKeys,
    connectors,
    connectorAuthorization,
    connectorSync,
    permissionSync,
    linkedAccounts,
    account,
    notifications,
    bots,
    botSources,
    botAnswers,
    botReports,
    ssoConnections,
    ssoDomains,
    ssoSignIn,
    scimTokens,
    scimUsers,
    scimGroups,
    slack,
    slackReceiver,
  };
}

/** Embeddings are on when a model is named and the server has a provider key. */
function embeddingClient(config: Config): EmbeddingClient | undefined {
  const { model, dimensions } = config.embeddings;
  if (!model || !config.ai.apiKey) return undefined;
  return new EmbeddingClient({
    apiKey: config.ai.apiKey,
    baseUrl: config.ai.baseUrl,
    model,
    dimensions,
    timeoutMs: config.ai.timeoutMs,
  });
}
