import { Init1795255029244 } from './1795255029244-Init.js';
import { AddInvitations1795257708522 } from './1795257708522-AddInvitations.js';
import { AddSources1795258947521 } from './1795258947521-AddSources.js';
import { AddSearch1795263147217 } from './1795263147217-AddSearch.js';
import { AddBots1795265688578 } from './1795265688578-AddBots.js';
import { ChunkStorage1795266900000 } from './1795266900000-ChunkStorage.js';
import { HistoryTimeIndex1795273235948 } from './1795273235948-HistoryTimeIndex.js';
import { AddChunkEmbeddings1795273345731 } from './1795273345731-AddChunkEmbeddings.js';
import { AddConnectors1795581807207 } from './1795581807207-AddConnectors.js';
import { AddSyncCursor1795700000000 } from './1795700000000-AddSyncCursor.js';
import { AddBotShareEnabled1795700000001 } from './1795700000001-AddBotShareEnabled.js';
import { AddJobLockedBy1795700000002 } from './1795700000002-AddJobLockedBy.js';
import { AddUploadPutAt1795700000003 } from './1795700000003-AddUploadPutAt.js';
import { AddServerSettings1795700000004 } from './1795700000004-AddServerSettings.js';
import { AddApiKeys1795700000005 } from './1795700000005-AddApiKeys.js';
import { AddAuditEvents1795700000006 } from './1795700000006-AddAuditEvents.js';
import { AddConversations1795700000007 } from './1795700000007-AddConversations.js';
import { ProviderKeyState1795700000008 } from './1795700000008-ProviderKeyState.js';
import { DocumentContentHash1795700000009 } from './1795700000009-DocumentContentHash.js';
import { DocumentListingIndex1795700000010 } from './1795700000010-DocumentListingIndex.js';
import { SourceDocumentCounts1795700000011 } from './1795700000011-SourceDocumentCounts.js';
import { ConnectorSweepAndRetry1795721580583 } from './1795721580583-ConnectorSweepAndRetry.js';
import { AccessGroupsAndSourceAccess1795722595731 } from './1795722595731-AccessGroupsAndSourceAccess.js';
import { SearchHistoryFound1795735361301 } from './1795735361301-SearchHistoryFound.js';
import { PermissionSyncInterval1795817840067 } from './1795817840067-PermissionSyncInterval.js';
import { MemberAccessFallback1795822018990 } from './1795822018990-MemberAccessFallback.js';
import { UserDeactivation1795823813108 } from './1795823813108-UserDeactivation.js';
import { ScimProvisioning1795823937962 } from './1795823937962-ScimProvisioning.js';
import { AddSsoConnections1795823979722 } from './1795823979722-AddSsoConnections.js';
import { SessionUserAgent1795825931705 } from './1795825931705-SessionUserAgent.js';
import { Notifications1795826286994 } from './1795826286994-Notifications.js';
import { PermissionSyncCursor1795817121952 } from './1795817121952-PermissionSyncCursor.js';
import { AclChunkCounts1795814860780 } from './1795814860780-AclChunkCounts.js';
import { MirrorToolPermissions1795811109343 } from './1795811109343-MirrorToolPermissions.js';
import { AddLinkedAccounts1795738755137 } from './1795738755137-AddLinkedAccounts.js';
import { SlackIntegration1795826105480 } from './1795826105480-SlackIntegration.js';
import { SearchHistoryUnknownAsker1795834718469 } from './1795834718469-SearchHistoryUnknownAsker.js';
import { DocumentOrderIndexes1795834850409 } from './1795834850409-DocumentOrderIndexes.js';
import { EmailVerificationAndDomainJoin1795834958548 } from './1795834958548-EmailVerificationAndDomainJoin.js';
import { SearchStatsDeleteByKey1795900000000 } from './1795900000000-SearchStatsDeleteByKey.js';
import { JobWakeRequested1795900000001 } from './1795900000001-JobWakeRequested.js';
import { RateLimits1796183102821 } from './1796183102821-RateLimits.js';

/** Every migration in order. New ones come from `npm run migration:generate -w server -- Name`. */
export const migrations = [
  Init1795255029244,
  AddInvitations1795257708522,
  AddSources1795258947521,
  AddSearch1795263147217,
  AddBots1795265688578,
  ChunkStorage1795266900000,
  HistoryTimeIndex1795273235948,
  AddChunkEmbeddings1795273345731,
  AddConnectors1795581807207,
  AddSyncCursor1795700000000,
  AddBotShareEnabled1795700000001,
  AddJobLockedBy1795700000002,
  AddUploadPutAt1795700000003,
  AddServerSettings1795700000004,
  AddApiKeys1795700000005,
  AddAuditEvents1795700000006,
  AddConversations1795700000007,
  ProviderKeyState1795700000008,
  DocumentContentHash1795700000009,
  DocumentListingIndex1795700000010,
  SourceDocumentCounts1795700000011,
  ConnectorSweepAndRetry1795721580583,
  AccessGroupsAndSourceAccess1795722595731,
  SearchHistoryFound1795735361301,
  AddLinkedAccounts1795738755137,
  MirrorToolPermissions1795811109343,
  AclChunkCounts1795814860780,
  PermissionSyncCursor1795817121952,
  PermissionSyncInterval1795817840067,
  MemberAccessFallback1795822018990,
  UserDeactivation1795823813108,
  ScimProvisioning1795823937962,
  AddSsoConnections1795823979722,
  SessionUserAgent1795825931705,
  SlackIntegration1795826105480,
  Notifications1795826286994,
  SearchHistoryUnknownAsker1795834718469,
  DocumentOrderIndexes1795834850409,
  EmailVerificationAndDomainJoin1795834958548,
  SearchStatsDeleteByKey1795900000000,
  JobWakeRequested1795900000001,
  RateLimits1796183102821,
];
