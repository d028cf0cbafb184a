import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';

interface StoredObject {
  body: Buffer;
  contentType: string;
}

/**
 * A loopback stand-in for S3 that speaks the parts of its REST protocol Lumen uses, path-style:
 * PUT (presigned query or SigV4 header), PUT with x-amz-copy-source (CopyObject), GET with
 * Range, HEAD and DELETE of /bucket/key. Like S3 it checks every SigV4 signature against the
 * secret key (so a PUT of another type or size than a presigned URL signed is refused), refuses
 * expired presigned URLs, verifies an x-amz-checksum-crc32 against the body, and stores a PUT
 * that names no type as binary/octet-stream.
 */
export async function startFakeS3(bucket: string, credentials: { id: string; secret: string }) {
  const objects = new Map<string, StoredObject>();
  const requests: { method: string; key: string; presigned: boolean }[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const url = new URL(req.url ?? '/', 'http://fake');
      const [, b, ...rest] = url.pathname.split('/');
      const key = decodeURIComponent(rest.join('/'));
      const presigned = url.searchParams.has('X-Amz-Signature');
      requests.push({ method: req.method ?? '', key, presigned });
      res.setHeader('Access-Control-Allow-Origin', '*');
      if (b !== bucket) return xmlError(res, 404, 'NoSuchBucket');
      const denied = checkSignature(req, url, credentials);
      if (denied) return xmlError(res, 403, denied);
      const crc =
        url.searchParams.get('x-amz-checksum-crc32') ?? req.headers['x-amz-checksum-crc32'];
      if (req.method === 'PUT' && crc && crc !== crc32Base64(body))
        return xmlError(res, 400, 'BadDigest');

      if (req.method === 'PUT') {
        const copySource = req.headers['x-amz-copy-source'];
        if (typeof copySource === 'string') {
          const from = decodeURIComponent(copySource.replace(/^\/?[^/]+\//, ''));
          const source = objects.get(from);
          if (!source) return xmlError(res, 404, 'NoSuchKey');
          objects.set(key, { ...source });
          res.writeHead(200, { 'Content-Type': 'application/xml' });
          return res.end(
            `<?xml version="1.0" encoding="UTF-8"?><CopyObjectResult><ETag>"fake"</ETag><LastModified>${new Date().toISOString()}</LastModified></CopyObjectResult>`,
          );
        }
        objects.set(key, {
          body,
          contentType: String(req.headers['content-type'] ?? '') || 'binary/octet-stream',
        });
        return res.writeHead(200, { ETag: '"fake"' }).end();
      }
      const object = objects.get(key);
      if (req.method === 'DELETE') {
        objects.delete(key);
        return res.writeHead(204).end();
      }
      if (!object) return xmlError(res, 404, 'NoSuchKey');
      const headers = { 'Content-Type': object.contentType };
      if (req.method === 'HEAD')
        return res.writeHead(200, { ...headers, 'Content-Length': object.body.length }).end();
      const range = /^bytes=(\d+)-(\d+)$/.exec(String(req.headers.range ?? ''));
      if (range) {
        const part = object.body.subarray(Number(range[1]), Number(range[2]) + 1);
        return res
          .writeHead(206, {
            ...headers,
            'Content-Length': part.length,
            'Content-Range': `bytes ${range[1]}-${Number(range[1]) + part.length - 1}/${object.body.length}`,
          })
          .end(part);
      }
      res.writeHead(200, { ...headers, 'Content-Length': object.body.length }).end(object.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    objects,
    requests,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * AWS Signature Version 4, as S3 checks it: the canonical request (method, path, sorted query,
 * signed headers, payload hash) hashed into the string to sign, with the key derived from the
 * secret, date, region and service. Answers an S3 error code, or null when the request is good.
 */
function checkSignature(
  req: http.IncomingMessage,
  url: URL,
  credentials: { id: string; secret: string },
): string | null {
  const q = url.searchParams;
  const presigned = q.has('X-Amz-Signature');
  let credential: string, signedHeaders: string, signature: string, date: string;
  if (presigned) {
    credential = q.get('X-Amz-Credential') ?? '';
    signedHeaders = q.get('X-Amz-SignedHeaders') ?? '';
    signature = q.get('X-Amz-Signature') ?? '';
    date = q.get('X-Amz-Date') ?? '';
    const issued = Date.UTC(
      +date.slice(0, 4),
      +date.slice(4, 6) - 1,
      +date.slice(6, 8),
      +date.slice(9, 11),
      +date.slice(11, 13),
      +date.slice(13, 15),
    );
    if (!(issued + Number(q.get('X-Amz-Expires')) * 1000 >= Date.now())) return 'AccessDenied';
  } else {
    const auth =
      /^AWS4-HMAC-SHA256 Credential=([^,]+), ?SignedHeaders=([^,]+), ?Signature=(\w+)$/.exec(
        String(req.headers.authorization ?? ''),
      );
    if (!auth) return 'AccessDenied';
    [, credential, signedHeaders, signature] = auth;
    date = String(req.headers['x-amz-date'] ?? '');
  }
  const [accessKey, ...scopeParts] = credential.split('/');
  if (accessKey !== credentials.id) return 'InvalidAccessKeyId';
  const scope = scopeParts.join('/');
  const rawQuery = (req.url ?? '').split('?')[1] ?? '';
  const query = rawQuery
    .split('&')
    .filter(Boolean)
    .map((pair) => pair.split('=').map((part) => decodeURIComponent(part.replace(/\+/g, ' '))))
    .filter(([name]) => name !== 'X-Amz-Signature')
    .map(([name, value = '']) => [rfc3986(name), rfc3986(value)])
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  const headerNames = signedHeaders.split(';');
  const canonicalHeaders = headerNames
    .map((name) => {
      const value = req.headers[name];
      const text = Array.isArray(value) ? value.join(',') : String(value ?? '');
      return `${name}:${text.trim().replace(/\s+/g, ' ')}\n`;
    })
    .join('');
  const payloadHash = presigned
    ? 'UNSIGNED-PAYLOAD'
    : String(req.headers['x-amz-content-sha256'] ?? 'UNSIGNED-PAYLOAD');
  const canonical = [
    req.method,
    (req.url ?? '/').split('?')[0],
    query,
    canonicalHeaders,
    signedHeaders,
    payloadHash,
  ].join('\n');
  const toSign = [
    'AWS4-HMAC-SHA256',
    date,
    scope,
    createHash('sha256').update(canonical).digest('hex'),
  ].join('\n');
  const [day, region, service] = scopeParts;
  let key: Buffer = createHmac('sha256', `AWS4${credentials.secret}`).update(day).digest();
  for (const part of [region, service, 'aws4_request'])
    key = createHmac('sha256', key).update(part).digest();
  const expected = Buffer.from(createHmac('sha256', key).update(toSign).digest('hex'));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given)
    ? null
    : 'SignatureDoesNotMatch';
}

function rfc3986(text: string): string {
  return encodeURIComponent(text).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

function crc32Base64(body: Buffer): string {
  const out = Buffer.alloc(4);
  out.writeUInt32BE(zlib.crc32(body) >>> 0);
  return out.toString('base64');
}

function xmlError(res: http.ServerResponse, status: number, code: string) {
  res.writeHead(status, { 'Content-Type': 'application/xml' });
  res.end(
    `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code}</Message></Error>`,
  );
}
