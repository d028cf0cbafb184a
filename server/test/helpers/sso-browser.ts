/**
 * A scripted browser for single sign-on flows: fetch with redirect:'manual' and a tiny cookie
 * jar (per host:port, paths ignored), following redirects until Lumen's client page.
 */
export class ScriptedBrowser {
  private readonly jar = new Map<string, Map<string, string>>();

  /** Follows redirects from `url`; stops at the first URL `stop` accepts (not fetched). */
  async follow(
    url: string,
    stop: (url: string) => boolean,
    init: RequestInit = {},
  ): Promise<{ url: string; status: number; hops: string[] }> {
    const hops: string[] = [];
    let current = url;
    let request: RequestInit = init;
    for (let i = 0; i < 20; i++) {
      if (stop(current)) return { url: current, status: 0, hops };
      hops.push(current);
      const response = await this.fetch(current, request);
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || !location) {
        return { url: current, status: response.status, hops };
      }
      await response.arrayBuffer();
      current = new URL(location, current).href;
      request = {};
    }
    throw new Error(`Too many redirects from ${url}`);
  }

  /** One request with this browser's cookies; stores what it sets. */
  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const target = new URL(url);
    const cookies = this.jar.get(target.host);
    const headers = new Headers(init.headers);
    if (cookies?.size) headers.set('cookie', [...cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const jar = this.jar.get(target.host) ?? new Map<string, string>();
      const expired = attrs.some(
        (a) => /^\s*max-age=0\s*$/i.test(a) || /expires=thu, 01 jan 1970/i.test(a),
      );
      if (expired || value === '') jar.delete(name);
      else jar.set(name, value);
      this.jar.set(target.host, jar);
    }
    return response;
  }

  cookie(host: string, name: string): string | undefined {
    return this.jar.get(host)?.get(name);
  }

  setCookie(host: string, name: string, value: string) {
    const jar = this.jar.get(host) ?? new Map<string, string>();
    jar.set(name, value);
    this.jar.set(host, jar);
  }
}

/** The fragment parameters of Lumen's /sso/complete URL (code, return_to or error). */
export function completion(url: string): URLSearchParams {
  return new URLSearchParams(new URL(url).hash.slice(1));
}
