import dgram from 'node:dgram';
import type { AddressInfo } from 'node:net';

export interface DnsResponder {
  /** For DNS_SERVERS: `127.0.0.1:<port>`. */
  server: string;
  /** TXT records by lower-case name: change it as a test goes. */
  txt: Map<string, string[]>;
  stop(): Promise<void>;
}

/**
 * A loopback UDP DNS server answering TXT questions from a map (NXDOMAIN for other names),
 * enough for node:dns's Resolver: header, the question echoed, one answer per record.
 */
export async function startDnsResponder(): Promise<DnsResponder> {
  const socket = dgram.createSocket('udp4');
  const txt = new Map<string, string[]>();
  socket.on('message', (query, peer) => {
    const answer = respond(query, txt);
    if (answer) socket.send(answer, peer.port, peer.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const { port } = socket.address() as AddressInfo;
  return {
    server: `127.0.0.1:${port}`,
    txt,
    stop: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}

function respond(query: Buffer, txt: Map<string, string[]>): Buffer | null {
  if (query.length < 12) return null;
  let offset = 12;
  const labels: string[] = [];
  while (offset < query.length && query[offset] !== 0) {
    const length = query[offset]!;
    labels.push(query.subarray(offset + 1, offset + 1 + length).toString('ascii'));
    offset += length + 1;
  }
  const questionEnd = offset + 5; // the zero label, QTYPE, QCLASS
  const qtype = query.readUInt16BE(offset + 1);
  const name = labels.join('.').toLowerCase();
  const records = qtype === 16 ? txt.get(name) : undefined;
  const header = Buffer.alloc(12);
  query.copy(header, 0, 0, 2); // the id
  header.writeUInt16BE(records ? 0x8180 : 0x8183, 2); // response, RD+RA, NOERROR or NXDOMAIN
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(records?.length ?? 0, 6);
  const question = query.subarray(12, questionEnd);
  const answers = (records ?? []).map((value) => {
    const text = Buffer.from(value, 'utf8');
    const chunks: Buffer[] = [];
    for (let i = 0; i < text.length || i === 0; i += 255) {
      const part = text.subarray(i, i + 255);
      chunks.push(Buffer.from([part.length]), part);
      if (text.length === 0) break;
    }
    const rdata = Buffer.concat(chunks);
    const fixed = Buffer.alloc(12);
    fixed.writeUInt16BE(0xc00c, 0); // the name: a pointer to the question's
    fixed.writeUInt16BE(16, 2);
    fixed.writeUInt16BE(1, 4);
    fixed.writeUInt32BE(60, 6);
    fixed.writeUInt16BE(rdata.length, 10);
    return Buffer.concat([fixed, rdata]);
  });
  return Buffer.concat([header, question, ...answers]);
}
