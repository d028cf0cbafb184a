import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import { ConnectorHostRefusedError } from './tool-failures.js';

/**
 * Addresses a connector must not reach unless CONNECTORS_ALLOW_PRIVATE_HOSTS is on: a domain
 * typed into a settings form must not turn the server into a probe of its own network (SSRF).
 */
const PRIVATE = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  PRIVATE.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  PRIVATE.addSubnet(net, prefix, 'ipv6');

export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return PRIVATE.check(address, 'ipv4');
  if (family === 6) {
    // An IPv4-mapped IPv6 address is the IPv4 address.
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped) return PRIVATE.check(mapped[1]!, 'ipv4');
    return PRIVATE.check(address, 'ipv6');
  }
  return true; // not an address at all: refuse
}

const refused = (host: string) =>
  new ConnectorHostRefusedError(
    `${host} is a private or local address, which connectors may not reach. Use the tool's public address (an administrator can allow private hosts with CONNECTORS_ALLOW_PRIVATE_HOSTS).`,
  );

/** Refuses a URL whose host is a private address literal (DNS names are checked on connect). */
export function assertPublicLiteral(url: URL): void {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) && isPrivateAddress(host)) throw refused(host);
  if (host === 'localhost' || host.endsWith('.localhost')) throw refused(host);
}

/** Resolves a host and refuses it when any of its addresses is private (checked before saving). */
export async function assertPublicHost(url: URL): Promise<void> {
  assertPublicLiteral(url);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) return;
  const addresses = await new Promise<LookupAddress[]>((resolve, reject) =>
    dnsLookup(host, { all: true }, (error, found) => (error ? reject(error) : resolve(found))),
  ).catch(() => [] as LookupAddress[]); // unknown names fail later, as a connection error
  if (addresses.some((a) => isPrivateAddress(a.address))) throw refused(host);
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for sockets that refuses private answers, so a name that resolved to a public
 * address when it was saved cannot be pointed at the server's network later (DNS rebinding).
 */
export function guardedLookup(
  hostname: string,
  options: { all?: boolean; family?: number | string },
  callback: LookupCallback,
): void {
  dnsLookup(hostname, { ...options, all: true } as { all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    const bad = addresses.find((a) => isPrivateAddress(a.address));
    if (bad) return callback(refused(hostname) as NodeJS.ErrnoException, []);
    if (options.all) return callback(null, addresses);
    const first = addresses[0]!;
    callback(null, first.address, first.family);
  });
}
