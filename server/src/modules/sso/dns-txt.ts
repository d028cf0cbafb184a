import { Resolver } from 'node:dns/promises';

/**
 * Reads a name's TXT records through the resolvers DNS_SERVERS names (else the system's). A
 * failed lookup reads as "no records": the domain simply stays unverified.
 */
export class DnsTxt {
  constructor(private readonly servers: string[]) {}

  async records(name: string): Promise<string[]> {
    const resolver = new Resolver({ timeout: 3000, tries: 2 });
    if (this.servers.length) resolver.setServers(this.servers);
    try {
      // A long TXT value arrives in 255-byte chunks: joined, they are one record.
      return (await resolver.resolveTxt(name)).map((chunks) => chunks.join(''));
    } catch {
      return [];
    }
  }
}
