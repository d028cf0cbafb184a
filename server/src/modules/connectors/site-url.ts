import { badInput } from '../../shared/app-error.js';

/**
 * The site a user typed, as a base URL: `acme.atlassian.net`, `https://acme.atlassian.net/wiki/`
 * and `http://127.0.0.1:8090` (self-hosted, or a test double) all work; paths keep a context
 * (`https://intra.example/confluence`) but lose a trailing `/wiki`.
 */
export function siteBaseUrl(domain: string, field = 'domain'): URL {
  const raw = domain.trim();
  if (!raw) throw badInput('Enter your site, e.g. your-team.atlassian.net.', { field });
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(raw) ? raw : `https://${raw}`);
  } catch {
    throw badInput(`"${raw.slice(0, 100)}" is not a site address.`, { field });
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw badInput('The site must be an http or https address.', { field });
  if (url.username || url.password)
    throw badInput('Put the account in Username and the token in Password, not in the address.', {
      field,
    });
  url.search = '';
  url.hash = '';
  url.pathname = url.pathname.replace(/\/+$/, '').replace(/\/wiki$/i, '') || '/';
  return url;
}

/** The base URL as text without a trailing slash (API paths are appended to it). */
export function baseUrlText(url: URL): string {
  return (url.origin + url.pathname).replace(/\/+$/, '');
}

/** Name and description of an Atlassian source: "Confluence · ENG, OPS", "… from acme.atlassian.net". */
export function describeAtlassian(
  label: string,
  holds: string,
  settings: { siteUrl: string },
  keys: string[] | undefined,
) {
  const host = new URL(settings.siteUrl).host;
  return {
    site: settings.siteUrl,
    keys: keys ?? [],
    name: `${label} · ${keys && keys.length > 0 ? keys.join(', ') : host}`,
    description: `${holds} from ${host}`,
  };
}
