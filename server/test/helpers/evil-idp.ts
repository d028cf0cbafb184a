import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWTPayload } from 'jose';

/** What the next id_token says and how it is signed. */
export interface EvilScript {
  /** Claims laid over the honest ones (iss, aud, nonce, exp, email_verified, …). */
  claims?: Record<string, unknown>;
  /** 'none': unsigned; 'HS256': signed with the client secret; 'unknown-kid': a key not in the JWKS. */
  signing?: 'RS256' | 'none' | 'HS256' | 'unknown-kid' | 'tampered';
  /** The issuer the discovery document names (a mix-up when it differs). */
  discoveryIssuer?: string;
}

export interface EvilIdp {
  issuer: string;
  clientId: string;
  clientSecret: string;
  script: EvilScript;
  /** The account the id_token is about. */
  account: { sub: string; email: string; email_verified: boolean };
  stop(): Promise<void>;
}

/**
 * A hand-made identity provider (node:http + jose) whose id_token is scripted per test: the
 * failures a correct IdP never produces, each of which Lumen must refuse.
 */
export async function startEvilIdp(): Promise<EvilIdp> {
  const good = await generateKeyPair('RS256', { extractable: true });
  const other = await generateKeyPair('RS256', { extractable: true });
  const publicJwk = { ...(await exportJWK(good.publicKey)), kid: 'good', alg: 'RS256', use: 'sig' };
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const idp: EvilIdp = {
    issuer,
    clientId: 'evil-client',
    clientSecret: 'evil-client-secret-0123456789abcdef',
    script: {},
    account: { sub: 'evil-sub-1', email: 'someone@evil.test', email_verified: true },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  let lastNonce = '';

  async function idToken(): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    const payload: JWTPayload = {
      iss: issuer,
      aud: idp.clientId,
      sub: idp.account.sub,
      email: idp.account.email,
      email_verified: idp.account.email_verified,
      nonce: lastNonce,
      iat: now,
      exp: now + 300,
      ...idp.script.claims,
    };
    const signing = idp.script.signing ?? 'RS256';
    if (signing === 'none') {
      const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
      return `${part({ alg: 'none', typ: 'JWT' })}.${part(payload)}.`;
    }
    if (signing === 'HS256')
      return new SignJWT(payload)
        .setProtectedHeader({ alg: 'HS256', kid: 'good' })
        .sign(new TextEncoder().encode(idp.clientSecret));
    if (signing === 'tampered') {
      // Signed honestly, then the payload swapped for one naming someone else.
      const signed = await new SignJWT(payload)
        .setProtectedHeader({ alg: 'RS256', kid: 'good' })
        .sign(good.privateKey);
      const [header, , signature] = signed.split('.');
      const forged = { ...payload, email: `ceo@${idp.account.email.split('@')[1]}` };
      return `${header}.${Buffer.from(JSON.stringify(forged)).toString('base64url')}.${signature}`;
    }
    const key = signing === 'unknown-kid' ? other.privateKey : good.privateKey;
    return new SignJWT(payload)
      .setProtectedHeader({ alg: 'RS256', kid: signing === 'unknown-kid' ? 'unknown' : 'good' })
      .sign(key);
  }

  server.on('request', (req, res) => {
    const url = new URL(req.url ?? '/', issuer);
    const json = (body: unknown) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(body));
    };
    if (url.pathname === '/.well-known/openid-configuration')
      return json({
        issuer: idp.script.discoveryIssuer ?? issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        code_challenge_methods_supported: ['S256'],
        token_endpoint_auth_methods_supported: ['client_secret_basic'],
      });
    if (url.pathname === '/jwks') return json({ keys: [publicJwk] });
    if (url.pathname === '/authorize') {
      lastNonce = url.searchParams.get('nonce') ?? '';
      const back = new URL(url.searchParams.get('redirect_uri')!);
      back.searchParams.set('code', 'evil-code');
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      res.statusCode = 302;
      res.setHeader('location', back.href);
      return res.end();
    }
    if (url.pathname === '/token' && req.method === 'POST') {
      req.resume();
      req.on('end', () => {
        idToken()
          .then((token) =>
            json({
              access_token: 'evil-at',
              token_type: 'Bearer',
              expires_in: 60,
              id_token: token,
            }),
          )
          .catch((error) => {
            res.statusCode = 500;
            res.end(String(error));
          });
      });
      return;
    }
    res.statusCode = 404;
    res.end();
  });
  return idp;
}
