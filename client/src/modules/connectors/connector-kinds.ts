import {
  IconBook2,
  IconBrandGithub,
  IconBrandGoogleDrive,
  IconBrandJira,
  type Icon,
} from '@tabler/icons-react';

export type ConnectorKind = 'confluence' | 'jira' | 'google_docs' | 'github';

/**
 * How a tool connects: an Atlassian account and API token (or Authorize), an access token
 * (GitHub), or only Authorize (Google).
 */
export type ConnectMode = 'atlassian' | 'token' | 'oauth';

export interface ConnectorInfo {
  kind: ConnectorKind;
  label: string;
  /** The card's title where a bot's sources are picked. */
  title: string;
  /** The card's category line. */
  category: string;
  icon: Icon;
  color: string;
  mode: ConnectMode;
  /** The linked account (/app/account/linked) through which a member's own permissions are read. */
  provider: 'atlassian' | 'google' | 'github';
  /** The dialog's first sentence: what Lumen reads and with what. */
  intro: string;
  /** What the keys field holds. */
  keysLabel: string;
  keysDescription: string;
  keysPlaceholder: string;
  /** What an item of this tool is called. */
  itemWord: string;
  /** The catalogue card's line: what syncs, and how it connects. */
  syncs: string;
}

export const API_TOKEN_URL = 'https://id.atlassian.com/manage-profile/security/api-tokens';
export const GITHUB_TOKEN_URL = 'https://github.com/settings/personal-access-tokens/new';

export const CONNECTORS: Record<ConnectorKind, ConnectorInfo> = {
  confluence: {
    kind: 'confluence',
    label: 'Confluence',
    title: 'Confluence Pages',
    category: 'Wiki/KB',
    icon: IconBook2,
    color: 'indigo',
    mode: 'atlassian',
    provider: 'atlassian',
    intro:
      'Lumen reads Confluence with an Atlassian account and its API token, stored encrypted and never shown again. Connect checks them with Confluence before saving.',
    keysLabel: 'Space key(s)',
    keysDescription:
      'Comma-separated, e.g. ENG, OPS. Leave empty for every space the account can see.',
    keysPlaceholder: 'ENG',
    itemWord: 'page',
    syncs: 'Syncs pages and blog posts with an API token or Authorize',
  },
  jira: {
    kind: 'jira',
    label: 'Jira',
    title: 'Jira Issues',
    category: 'Ticketing/Project Management',
    icon: IconBrandJira,
    color: 'blue',
    mode: 'atlassian',
    provider: 'atlassian',
    intro:
      'Lumen reads Jira with an Atlassian account and its API token, stored encrypted and never shown again. Connect checks them with Jira before saving.',
    keysLabel: 'Project key(s)',
    keysDescription:
      'Comma-separated, e.g. OPS, WEB. Leave empty for every project the account can see.',
    keysPlaceholder: 'OPS',
    itemWord: 'issue',
    syncs: 'Syncs issues and comments with an API token or Authorize',
  },
  google_docs: {
    kind: 'google_docs',
    label: 'Google Drive',
    title: 'Google Drive',
    category: 'File Storage',
    icon: IconBrandGoogleDrive,
    color: 'teal',
    mode: 'oauth',
    provider: 'google',
    intro:
      'Lumen reads Google Docs, Sheets, Slides, PDFs and Office files with read-only access you grant by signing in with Google. Nothing is ever changed in your Drive.',
    keysLabel: 'Folders',
    keysDescription:
      'Folder links or ids, comma-separated. Leave empty for everything the Google account can see, shared drives included.',
    keysPlaceholder: 'https://drive.google.com/drive/folders/…',
    itemWord: 'file',
    syncs: 'Syncs Docs, Sheets, Slides and files after you sign in with Google',
  },
  github: {
    kind: 'github',
    label: 'GitHub',
    title: 'GitHub',
    category: 'Other',
    icon: IconBrandGithub,
    color: 'gray',
    mode: 'token',
    provider: 'github',
    intro:
      'Lumen reads issues, pull requests, discussions and Markdown docs with a read-only access token, stored encrypted and never shown again. Connect checks it with GitHub before saving.',
    keysLabel: 'Repositories',
    keysDescription: 'owner/name, comma-separated, e.g. acme/api, acme/handbook.',
    keysPlaceholder: 'acme/api',
    itemWord: 'item',
    syncs: 'Syncs issues, pull requests, discussions and docs with an access token',
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
