/**
 * The URL of one relation in an RFC 8288 Link header, as GitHub pages its listings:
 * `<https://api.github.com/repositories/1/issues?page=2>; rel="next", <…>; rel="last"`.
 */
export function linkTarget(header: string | null, rel: string): string | null {
  if (!header) return null;
  // Entries are split on the commas between `>` and `<`: a URL may itself hold commas.
  for (const entry of header.split(/,\s*(?=<)/)) {
    const match = /^\s*<([^>]*)>\s*(.*)$/.exec(entry);
    if (!match) continue;
    const rels = /(?:^|;)\s*rel\s*=\s*(?:"([^"]*)"|([^\s;"]+))/i.exec(match[2]!);
    const names = (rels?.[1] ?? rels?.[2] ?? '').toLowerCase().split(/\s+/);
    if (names.includes(rel.toLowerCase())) return match[1]!;
  }
  return null;
}

/**
 * A next link the API sent, kept only when it stays under the API root (same origin, same path
 * prefix): a next link must never carry the token to another host.
 */
export function trustedNext(link: string, apiBase: string): string | null {
  let url: URL;
  let base: URL;
  try {
    url = new URL(link, apiBase);
    base = new URL(apiBase);
  } catch {
    return null;
  }
  const prefix = base.pathname.replace(/\/+$/, '') + '/';
  if (url.origin !== base.origin || !url.pathname.startsWith(prefix)) return null;
  return url.toString();
}
