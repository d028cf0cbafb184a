import {
  CreateScimTokenDocument,
  CreateSsoConnectionDocument,
  SetSsoEnforcedDocument,
  SsoSettingsDocument,
  VerifySsoDomainDocument,
  type SsoConnectionFieldsFragment,
  type SsoSettingsQuery,
} from '../modules/sso/graphql/sso.generated';
import {
  CompleteSsoSignInDocument,
  SsoDiscoverDocument,
} from '../modules/sso/graphql/sso-sign-in.generated';

export const CALLBACK = 'https://lumen.example/api/auth/sso/callback';

export function ssoConnection(
  overrides: Partial<SsoConnectionFieldsFragment> = {},
): SsoConnectionFieldsFragment & { __typename: 'SsoConnection' } {
  return {
    __typename: 'SsoConnection',
    id: 'c1',
    name: 'Acme Okta',
    issuer: 'https://acme.okta.com',
    clientId: 'lumen-app',
    scopes: ['openid', 'email', 'profile'],
    domains: ['acme.com'],
    jitEnabled: true,
    defaultRole: 'customer_facing',
    groupsClaim: 'groups',
    groupRoles: [{ __typename: 'SsoGroupRole', group: 'lumen-admins', role: 'admin' }] as never,
    enabled: true,
    callbackUrl: CALLBACK,
    ...overrides,
  };
}

type Settings = SsoSettingsQuery;

export function ssoSettings(overrides: Partial<Settings> = {}): Settings {
  return {
    ssoConnections: [],
    ssoSettings: {
      __typename: 'SsoSettings',
      enforced: false,
      callbackUrl: CALLBACK,
      domains: [],
    } as Settings['ssoSettings'],
    scimStatus: {
      __typename: 'ScimStatus',
      enabled: false,
      tokenPrefix: null,
      createdAt: null,
      lastUsedAt: null,
      baseUrl: 'https://lumen.example/scim/v2',
    } as Settings['scimStatus'],
    ...overrides,
  };
}

export const ssoSettingsMock = (settings: Settings) => ({
  request: { query: SsoSettingsDocument },
  result: { data: settings },
});

export const createSsoConnectionMock = (input: Record<string, unknown>, answer: unknown) => ({
  request: { query: CreateSsoConnectionDocument, variables: { input } },
  result:
    answer instanceof Error ? { errors: [answer] } : { data: { createSsoConnection: answer } },
});

export const verifySsoDomainMock = (domain: string, verified: boolean, txtRecord: string) => ({
  request: { query: VerifySsoDomainDocument, variables: { domain } },
  result: {
    data: { verifySsoDomain: { __typename: 'SsoDomain', domain, txtRecord, verified } },
  },
});

export const setSsoEnforcedMock = (enforced: boolean, answer: boolean | Error) => ({
  request: { query: SetSsoEnforcedDocument, variables: { enforced } },
  result: answer instanceof Error ? { errors: [answer] } : { data: { setSsoEnforced: answer } },
});

export const createScimTokenMock = (secret: string) => ({
  request: { query: CreateScimTokenDocument },
  result: { data: { createScimToken: { __typename: 'CreatedScimToken', secret } } },
});

export const ssoDiscoverMock = (email: string, connections: { id: string; name: string }[]) => ({
  request: { query: SsoDiscoverDocument, variables: { email } },
  result: {
    data: {
      ssoDiscover: {
        __typename: 'SsoDiscovery',
        connections: connections.map((c) => ({
          __typename: 'SsoDiscoveryConnection',
          ...c,
          startUrl: `/api/auth/sso/${c.id}/start`,
        })),
      },
    },
  },
});

export const completeSsoSignInMock = (code: string, answer: unknown) => ({
  request: { query: CompleteSsoSignInDocument, variables: { code } },
  result: answer instanceof Error ? { errors: [answer] } : { data: { completeSsoSignIn: answer } },
});
