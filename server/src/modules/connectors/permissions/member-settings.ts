import type { AtlassianOAuth } from '../atlassian-oauth.js';
import type { ConnectorAuth } from '../connector-http.js';

/**
 * The source's settings as a member's own token reaches the tool, or null when it cannot reach
 * this site at all (the member then reads nothing of it). Atlassian takes a member's OAuth token
 * only through the API gateway (`/ex/{product}/{cloudId}`): a source connected with an API token
 * names the site itself, so the member's granted sites are asked which one it is.
 */
export type MemberSettings = (
  kind: string,
  settings: unknown,
  auth: ConnectorAuth,
) => Promise<unknown | null>;

interface AtlassianSettings {
  apiBase: string;
  siteUrl: string;
}

const hostOf = (url: string) => {
  try {
    return new URL(url).host.toLowerCase();
  } catch {
    return '';
  }
};

export function memberSettings(oauth: AtlassianOAuth, apiUrl: string): MemberSettings {
  const gateway = `${apiUrl.replace(/\/+$/, '')}/ex/`;
  return async (kind, settings, auth) => {
    if (kind !== 'confluence' && kind !== 'jira') return settings;
    const site = settings as AtlassianSettings;
    if (site.apiBase.startsWith(gateway)) return settings;
    const token = (await auth.header()).replace(/^Bearer\s+/i, '');
    const resources = await oauth.accessibleResources(token);
    const match = resources.find((r) => hostOf(r.url) === hostOf(site.siteUrl));
    return match ? { ...site, apiBase: `${gateway}${kind}/${match.id}` } : null;
  };
}
