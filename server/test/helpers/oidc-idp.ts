import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';

export interface IdpAccount {
  sub: string;
  email: string;
  email_verified: boolean;
  name?: string;
  given_name?: string;
  family_name?: string;
  groups?: string[];
  hd?: string;
}

export interface TestIdp {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The test table findAccount reads: change it between sign-ins. */
  accounts: Map<string, IdpAccount>;
  /** Who the next login interaction signs in as. */
  loginAs: string | null;
  /** When set, the next login interaction refuses with access_denied and this description. */
  refuseWith: string | null;
  provider: Provider;
  stop(): Promise<void>;
}

/**
 * A certified OpenID Provider (oidc-provider 8.8.1, the last line for Node 20) on loopback. Its
 * login and consent interactions are answered by a test handler that signs in as `loginAs`.
 */
export async function startOidcIdp(lumenUrl: string): Promise<TestIdp> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const accounts = new Map<string, IdpAccount>();
  const idp = {
    issuer,
    clientId: 'lumen-test',
    clientSecret: 'lumen-test-secret-0123456789',
    accounts,
    loginAs: null as string | null,
    refuseWith: null as string | null,
  } as TestIdp;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: idp.clientId,
        client_secret: idp.clientSecret,
        redirect_uris: [`${lumenUrl}/api/auth/sso/callback`],
        post_logout_redirect_uris: [`${lumenUrl}/signin`],
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    async findAccount(_ctx: KoaContextWithOIDC, sub: string) {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return { accountId: sub, claims: async () => ({ ...accounts.get(sub)!, sub }) };
    },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name'],
      groups: ['groups'],
    },
    scopes: ['openid', 'email', 'profile', 'groups'],
    jwks: { keys: [jwk as never] },
    cookies: { keys: ['test-cookie-key-0123456789'] },
    pkce: { required: () => true, methods: ['S256'] },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      IdToken: 600,
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
    },
    features: { devInteractions: { enabled: false }, rpInitiatedLogout: { enabled: true } },
    interactions: { url: (_ctx, interaction) => `/test-interaction/${interaction.uid}` },
  });
  provider.on('server_error', (_ctx, error) => console.error('IdP server_error', error));
  const callback = provider.callback();
  server.on('request', (req, res) => {
    if (req.url?.startsWith('/test-interaction/')) {
      answerInteraction(provider, idp, req, res).catch((error) => {
        res.statusCode = 500;
        res.end(String(error));
      });
      return;
    }
    callback(req, res);
  });
  idp.provider = provider;
  idp.stop = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return idp;
}

/** Login as `loginAs`, then consent to every scope and claim asked for. */
async function answerInteraction(
  provider: Provider,
  idp: TestIdp,
  req: http.IncomingMessage,
  res: http.ServerResponse,
) {
  const details = await provider.interactionDetails(req, res);
  if (idp.refuseWith) {
    const description = idp.refuseWith;
    idp.refuseWith = null;
    await provider.interactionFinished(
      req,
      res,
      { error: 'access_denied', error_description: description },
      { mergeWithLastSubmission: false },
    );
    return;
  }
  if (details.prompt.name === 'login') {
    if (!idp.loginAs) throw new Error('no loginAs set');
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId: idp.loginAs } },
      { mergeWithLastSubmission: false },
    );
    return;
  }
  const grant = new provider.Grant({
    accountId: details.session!.accountId,
    clientId: details.params.client_id as string,
  });
  const missing = details.prompt.details as {
    missingOIDCScope?: string[];
    missingOIDCClaims?: string[];
  };
  if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
  if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
  const grantId = await grant.save();
  await provider.interactionFinished(
    req,
    res,
    { consent: { grantId } },
    { mergeWithLastSubmission: true },
  );
}
