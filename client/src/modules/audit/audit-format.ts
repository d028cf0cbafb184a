import { roleLabel } from '../members/components/role-labels';
import type { AuditEventFieldsFragment } from './graphql/audit.generated';

/** How each recorded action reads in the log (unknown future actions show their key). */
const LABELS: Record<string, string> = {
  'auth.sign_in': 'Signed in',
  'auth.sign_in_locked': 'Sign-in locked after failures',
  'auth.password_reset': 'Password reset',
  'member.roles_changed': 'Roles changed',
  'member.removed': 'Member removed',
  'member.joined_by_domain': 'Joined through the email domain',
  'workspace.join_by_domain_changed': 'Joining by email domain changed',
  'invitation.sent': 'Invitation sent',
  'invitation.accepted': 'Invitation accepted',
  'invitation.revoked': 'Invitation revoked',
  'invitation.link_created': 'Invitation link copied',
  'api_key.created': 'API key created',
  'api_key.revoked': 'API key revoked',
  'provider_key.saved': 'AI provider key saved',
  'provider_key.removed': 'AI provider key removed',
  'connector.connected': 'Connector connected',
  'connector.disconnected': 'Connector disconnected',
  'connector.resync': 'Connector synced on demand',
  'account.linked': 'Account linked',
  'account.unlinked': 'Account unlinked',
  'account.password_changed': 'Password changed',
  'account.signed_out_elsewhere': 'Signed out everywhere else',
  'document.uploaded': 'Document uploaded',
  'document.deleted': 'Document deleted',
  'source.created': 'Source created',
  'source.deleted': 'Source deleted',
  'source.access_changed': 'Source access changed',
  'group.created': 'Group created',
  'group.changed': 'Group changed',
  'group.deleted': 'Group deleted',
  'bot.created': 'Bot created',
  'bot.deleted': 'Bot deleted',
  'bot.source_attached': 'Source added to a bot',
  'bot.source_detached': 'Source removed from a bot',
  'bot.made_public': 'Bot made public',
  'bot.made_private': 'Bot made private',
  'bot.share_link_rotated': 'Bot share link replaced',
  'bot.share_link_enabled': 'Bot share link turned on',
  'bot.share_link_disabled': 'Bot share link turned off',
  'workspace.conversation_retention_changed': 'Conversation retention changed',
  'scim.token_created': 'SCIM token created',
  'scim.token_revoked': 'SCIM token revoked',
  'scim.user_created': 'Member created by SCIM',
  'scim.user_updated': 'Member updated by SCIM',
  'scim.user_deactivated': 'Member deactivated by SCIM',
  'scim.user_reactivated': 'Member reactivated by SCIM',
  'scim.user_deleted': 'Member deleted by SCIM',
  'scim.group_created': 'Group created by SCIM',
  'scim.group_updated': 'Group updated by SCIM',
  'scim.group_deleted': 'Group deleted by SCIM',
  'sso.connection_created': 'Single sign-on connection added',
  'sso.connection_updated': 'Single sign-on connection changed',
  'sso.connection_deleted': 'Single sign-on connection removed',
  'sso.domain_verified': 'Email domain verified',
  'sso.enforcement_changed': 'Single sign-on enforcement changed',
  'sso.sign_in': 'Signed in through single sign-on',
  'sso.sign_in_refused': 'Single sign-on sign-in refused',
  'sso.breakglass_used': 'Break-glass password sign-in',
  'slack.connected': 'Slack connected',
  'slack.disconnected': 'Slack disconnected',
  'slack.channel_changed': 'Slack channel setting changed',
  'slack.revoked': 'Slack stopped accepting the token',
};

export function actionLabel(action: string): string {
  return LABELS[action] ?? action;
}

/** What each kind of target is, in the words people use. */
const TARGET_TYPES: Record<string, string> = {
  user: 'member',
  api_key: 'API key',
  provider_key: 'AI provider key',
  sso_connection: 'single sign-on connection',
  sso_domain: 'email domain',
  scim_token: 'SCIM token',
  linked_account: 'linked account',
};

export function targetTypeLabel(type: string): string {
  return TARGET_TYPES[type] ?? type.replace(/_/g, ' ');
}

type EventLike = Pick<AuditEventFieldsFragment, 'action' | 'target'> & {
  details?: string | null;
};

const roleList = (keys: unknown): string | null =>
  Array.isArray(keys) && keys.length > 0
    ? keys.map((key) => roleLabel(String(key))).join(', ')
    : null;

/** The event's details (a JSON object), or an empty one when it has none or they do not parse. */
export function eventDetails(event: EventLike): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(event.details ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * The target as people read it. Role changes recorded before the roles were written out name
 * them by key ("ada@example.com: admin, product_expert"): those read as labels too.
 */
export function targetText(event: EventLike): string {
  const target = event.target;
  if (!target) return '';
  const label = target.label ?? target.id;
  if (event.action !== 'member.roles_changed') return label;
  const at = label.lastIndexOf(': ');
  if (at === -1) return label;
  const roles = label
    .slice(at + 2)
    .split(',')
    .map((key) => roleLabel(key.trim()));
  return `${label.slice(0, at)}: ${roles.join(', ')}`;
}

const ACCESS_MODES: Record<string, string> = {
  workspace: 'Open to the whole workspace',
  restricted: 'Restricted to chosen people and groups',
  mirror: 'Mirrors who may read each item in the tool',
};

/** A line about what else the event records (roles before and after, the bot...), or null. */
export function detailText(event: EventLike): string | null {
  const details = eventDetails(event);
  switch (event.action) {
    case 'member.roles_changed': {
      const before = roleList(details.before);
      const after = roleList(details.after);
      return before && after ? `Roles: ${before} → ${after}` : null;
    }
    case 'invitation.sent':
    case 'sso.sign_in': {
      const roles = roleList(details.roles);
      return roles ? `Roles: ${roles}` : null;
    }
    case 'bot.source_attached':
    case 'bot.source_detached':
      return typeof details.botName === 'string' ? `Bot: ${details.botName}` : null;
    case 'source.created':
      return typeof details.accessMode === 'string'
        ? (ACCESS_MODES[details.accessMode] ?? null)
        : null;
    default:
      return null;
  }
}

export function formatWhen(iso: string): string {
  return new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'medium' }).format(
    new Date(iso),
  );
}

const CSV_COLUMNS = [
  'time',
  'action',
  'actor',
  'api key',
  'target type',
  'target',
  'address',
  'user agent',
];

/** One CSV field: quoted, quotes doubled, and a leading = + - @ neutralised for spreadsheets. */
function field(value: string | null | undefined): string {
  const text = value ?? '';
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** The events as CSV (RFC 4180, CRLF line ends), newest first as shown. */
export function toCsv(events: AuditEventFieldsFragment[]): string {
  const rows = events.map((e) =>
    [
      e.at,
      e.action,
      e.actor?.email ?? '',
      e.apiKeyId ?? '',
      e.target?.type ?? '',
      targetText(e),
      e.ip ?? '',
      e.userAgent ?? '',
    ]
      .map(field)
      .join(','),
  );
  return [CSV_COLUMNS.map(field).join(','), ...rows].join('\r\n') + '\r\n';
}
