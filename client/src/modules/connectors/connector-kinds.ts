import { IconBook2, IconBrandJira, type Icon } from '@tabler/icons-react';

export type ConnectorKind = 'confluence' | 'jira';

export interface ConnectorInfo {
  kind: ConnectorKind;
  label: string;
  icon: Icon;
  color: string;
  /** What the keys field holds. */
  keysLabel: string;
  keysDescription: string;
  keysPlaceholder: string;
  /** What an item of this tool is called. */
  itemWord: string;
}

export const API_TOKEN_URL = 'https://id.atlassian.com/manage-profile/security/api-tokens';

export const CONNECTORS: Record<ConnectorKind, ConnectorInfo> = {
  confluence: {
    kind: 'confluence',
    label: 'Confluence',
    icon: IconBook2,
    color: 'indigo',
    keysLabel: 'Space key(s)',
    keysDescription:
      'Comma-separated, e.g. ENG, OPS. Leave empty for every space the account can see.',
    keysPlaceholder: 'ENG',
    itemWord: 'page',
  },
  jira: {
    kind: 'jira',
    label: 'Jira',
    icon: IconBrandJira,
    color: 'blue',
    keysLabel: 'Project key(s)',
    keysDescription:
      'Comma-separated, e.g. OPS, WEB. Leave empty for every project the account can see.',
    keysPlaceholder: 'OPS',
    itemWord: 'issue',
  },
};

export const isConnectorKind = (kind: string): kind is ConnectorKind => kind in CONNECTORS;

/** How a connected source's sync status reads, and its colour. */
export const SYNC_STATUS: Record<string, { label: string; color: string }> = {
  idle: { label: 'Up to date', color: 'teal' },
  syncing: { label: 'Syncing', color: 'blue' },
  error: { label: 'Sync failed', color: 'red' },
  needs_reauth: { label: 'Reconnect needed', color: 'orange' },
};

export const syncStatusOf = (status: string) =>
  SYNC_STATUS[status] ?? { label: status, color: 'gray' };
