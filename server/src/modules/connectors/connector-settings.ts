import { AppError, badInput } from '../../shared/app-error.js';
import type { Source } from '../corpus/index.js';
import { connectorFor, isConnectorKind, type ConnectorKind } from './registry.js';
import { ConnectorErrors } from './connectors.errors.js';
import { baseUrlText, siteBaseUrl } from './site-url.js';

// A connection's settings as the SPEC's form reads and writes them: the form's fields checked,
// the chosen keys parsed per kind, and the record shown back (never with the secret).

/** SPEC §3's integration settings record, as forms and `GET /api/get-integration/{name}` read it. */
export interface IntegrationSettingsView {
  domain: string;
  username: string;
  /** A placeholder when credentials are stored, '' otherwise: never the token itself. */
  password: string;
  spacekey: string;
}

/** What a stored password reads as: a placeholder, never derived from the secret. */
export const STORED_PASSWORD = '••••••••';
export const EMPTY: IntegrationSettingsView = {
  domain: '',
  username: '',
  password: '',
  spacekey: '',
};

/** Settings every connector keeps beside its own: how it authenticates, and the form's site and account. */
export interface StoredSettings {
  apiBase: string;
  /** The site as people open it (Atlassian sites; other connectors resolve theirs). */
  siteUrl?: string;
  /** The site as the user typed it (normalised); '' for github.com. */
  domain?: string;
  username?: string;
  auth: 'basic' | 'oauth' | 'token';
  [key: string]: unknown;
}

/** Which settings field holds a kind's chosen keys (what the form's spacekey edits). */
export const KEY_FIELD: Record<ConnectorKind, string> = {
  confluence: 'spaceKeys',
  jira: 'projectKeys',
  google_docs: 'folderIds',
  github: 'repos',
};
export const ATLASSIAN_KINDS: ReadonlySet<string> = new Set(['confluence', 'jira']);

export function kindOf(rawName: string): ConnectorKind {
  const name = String(rawName ?? '').toLowerCase();
  if (!isConnectorKind(name)) throw ConnectorErrors.unknownIntegration(name);
  return name;
}

export function readForm(input: Record<string, unknown>) {
  const field = (key: keyof IntegrationSettingsView, max: number) => {
    const value = input[key];
    if (value === undefined || value === null) return '';
    if (typeof value !== 'string') throw badInput(`${key} must be text.`, { field: key });
    if (value.length > max)
      throw badInput(`${key} is too long (at most ${max} characters).`, { field: key });
    return value.trim();
  };
  return {
    domain: field('domain', 255),
    username: field('username', 255),
    password: field('password', 2000),
    spacekey: field('spacekey', 1000),
  };
}

/**
 * The form's keys for a kind, separated by commas or spaces: Confluence space keys, Jira
 * project keys (upper case), GitHub `owner/name` (a repository URL works too), Google Drive
 * folder ids (a folder URL works too).
 */
export function parseKeys(raw: string, kind: ConnectorKind): string[] {
  const keys = raw
    .split(/[\s,]+/)
    .map((k) => k.trim())
    .filter(Boolean)
    .map((k) => normaliseKey(k, kind));
  const bad = keys.find((k) => !KEY_PATTERN[kind].test(k));
  if (bad) throw badInput(`"${bad.slice(0, 60)}" is not ${KEY_NOUN[kind]}.`, { field: 'spacekey' });
  if (keys.length > 50) throw badInput('At most 50 keys.', { field: 'spacekey' });
  if (kind === 'github' && keys.length === 0)
    throw badInput('Enter at least one repository, as owner/name.', { field: 'spacekey' });
  return [...new Set(keys)];
}

const KEY_PATTERN: Record<ConnectorKind, RegExp> = {
  confluence: /^~?[A-Za-z0-9_-]{1,255}$/,
  jira: /^[A-Za-z0-9_-]{1,255}$/,
  github: /^[A-Za-z0-9-]{1,100}\/[A-Za-z0-9_.-]{1,100}$/,
  google_docs: /^[A-Za-z0-9_-]{5,200}$/,
};
const KEY_NOUN: Record<ConnectorKind, string> = {
  confluence: 'a space key',
  jira: 'a project key',
  github: 'a repository (owner/name)',
  google_docs: 'a Google Drive folder id or link',
};

function normaliseKey(key: string, kind: ConnectorKind): string {
  if (kind === 'jira') return key.toUpperCase();
  if (kind === 'github')
    return key
      .replace(/^https?:\/\/[^/]+\//i, '')
      .replace(/\.git$/i, '')
      .replace(/\/+$/, '');
  if (kind === 'google_docs') return /\/folders\/([A-Za-z0-9_-]+)/.exec(key)?.[1] ?? key;
  return key;
}

export function keySettings(kind: ConnectorKind, keys: string[]) {
  return { [KEY_FIELD[kind]]: keys };
}

/**
 * GitHub Enterprise Server's REST root from what the user typed: a host means `/api/v3` on it;
 * github.com means the public API.
 */
export function githubApiBase(domain: string): string {
  const url = siteBaseUrl(domain);
  if (/^(api\.)?github\.com$/i.test(url.host)) return 'https://api.github.com';
  return url.pathname === '/' ? `${url.origin}/api/v3` : baseUrlText(url);
}

export function pickSite(
  resources: { id: string; name: string; url: string }[],
  domain: string,
): { id: string; name: string; url: string } {
  if (resources.length === 0)
    throw new AppError(
      'INVALID_SETTINGS',
      'The Atlassian account granted no site to Lumen. Authorize again and pick a site.',
      400,
    );
  if (!domain) return resources[0]!;
  const host = siteBaseUrl(domain).host;
  const match = resources.find((r) => new URL(r.url).host === host);
  if (!match)
    throw new AppError(
      'INVALID_SETTINGS',
      `The authorization does not cover ${host}; it covers ${resources.map((r) => new URL(r.url).host).join(', ')}.`,
      400,
      { field: 'domain' },
    );
  return match;
}

/** The SPEC record of a source: the secret is never in it. */
export function view(source: Source): IntegrationSettingsView {
  const s = source.settings as Partial<StoredSettings>;
  const keys = isConnectorKind(source.kind) ? s[KEY_FIELD[source.kind]] : undefined;
  return {
    domain: s.domain ?? s.siteUrl ?? '',
    username: s.username ?? (typeof s.account === 'string' ? s.account : ''),
    password: source.sealedCredentials ? STORED_PASSWORD : '',
    spacekey: Array.isArray(keys) ? keys.join(', ') : '',
  };
}

/** Where a connected source's items live, as people open it. */
export function siteOf(source: Source): string {
  const connector = connectorFor(source.kind);
  return connector ? connector.describe(source.settings).site : '';
}
