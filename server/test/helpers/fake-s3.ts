import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A loopback stand-in for S3 that speaks the parts of its REST protocol Lumen uses, path-style:
 * PUT (presigned query or SigV4 header), GET with Range, HEAD and DELETE of /bucket/key.
 * Presigned URLs must carry a SigV4 signature and must not have expired.
 */
export async function startFakeS3(bucket: string) {
  const objects = new Map<string, Buffer>();
  const requests: { method: string; key: string; presigned: boolean }[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const [, b, ...rest] = url.pathname.split('/');
    const key = decodeURIComponent(rest.join('/'));
    const presigned = url.searchParams.has('X-Amz-Signature');
    requests.push({ method: req.method ?? '', key, presigned });
    res.setHeader('Access-Control-Allow-Origin', '*');
    if (b !== bucket) return xmlError(res, 404, 'NoSuchBucket');
    if (!presigned && !String(req.headers.authorization ?? '').startsWith('AWS4-HMAC-SHA256')) {
      return xmlError(res, 403, 'AccessDenied');
    }
    if (presigned) {
      const date = url.searchParams.get('X-Amz-Date') ?? '';
      const issued = Date.UTC(
        +date.slice(0, 4),
        +date.slice(4, 6) - 1,
        +date.slice(6, 8),
        +date.slice(9, 11),
        +date.slice(11, 13),
        +date.slice(13, 15),
      );
      if (issued + Number(url.searchParams.get('X-Amz-Expires')) * 1000 < Date.now())
        return xmlError(res, 403, 'AccessDenied');
    }
    if (req.method === 'PUT') {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        objects.set(key, Buffer.concat(chunks));
        res.writeHead(200, { ETag: '"fake"' }).end();
      });
      return;
    }
    const object = objects.get(key);
    if (req.method === 'DELETE') {
      objects.delete(key);
      return res.writeHead(204).end();
    }
    if (!object) return xmlError(res, 404, 'NoSuchKey');
    if (req.method === 'HEAD') return res.writeHead(200, { 'Content-Length': object.length }).end();
    const range = /^bytes=(\d+)-(\d+)$/.exec(String(req.headers.range ?? ''));
    if (range) {
      const part = object.subarray(Number(range[1]), Number(range[2]) + 1);
      return res
        .writeHead(206, {
          'Content-Length': part.length,
          'Content-Range': `bytes ${range[1]}-${Number(range[1]) + part.length - 1}/${object.length}`,
        })
        .end(part);
    }
    res.writeHead(200, { 'Content-Length': object.length }).end(object);
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

function xmlError(res: http.ServerResponse, status: number, code: string) {
  res.writeHead(status, { 'Content-Type': 'application/xml' });
  res.end(
    `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code}</Message></Error>`,
  );
}
