import type { AuditEventFieldsFragment } from './graphql/audit.generated';

/** How each recorded action reads in the log (unknown future actions show their key). */
const LABELS: Record<string, string> = {
  'auth.sign_in_locked': 'Sign-in locked after failures',
  'auth.password_reset': 'Password reset',
  'member.roles_changed': 'Roles changed',
  'member.removed': 'Member removed',
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
  'document.deleted': 'Document deleted',
  'source.deleted': 'Source deleted',
  'bot.created': 'Bot created',
  'bot.deleted': 'Bot deleted',
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
      e.target?.label ?? e.target?.id ?? '',
      e.ip ?? '',
      e.userAgent ?? '',
    ]
      .map(field)
      .join(','),
  );
  return [CSV_COLUMNS.map(field).join(','), ...rows].join('\r\n') + '\r\n';
}
