import type { CreateApiKeyInput } from '../graphql/types';
import {
  ApiKeysDocument,
  CreateApiKeyDocument,
  RevokeApiKeyDocument,
  type ApiKeyFieldsFragment,
} from '../modules/api-keys/graphql/api-keys.generated';

type ApiKey = ApiKeyFieldsFragment & { __typename: 'ApiKey' };
type Creator = NonNullable<ApiKeyFieldsFragment['creator']>;

export const adaCreator: Creator = {
  id: 'u1',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
};
export const graceCreator: Creator = {
  id: 'u2',
  email: 'grace@example.com',
  firstName: 'Grace',
  lastName: 'Hopper',
};

/** A key as the ApiKeys query answers it: Ada's, never used, never expiring. */
export function apiKey(overrides: Partial<ApiKeyFieldsFragment> = {}): ApiKey {
  const { creator = adaCreator, ...rest } = overrides;
  return {
    __typename: 'ApiKey',
    id: 'k1',
    name: 'Nightly export',
    prefix: 'lumen_Ab3xYz',
    permissions: ['search.read'],
    createdAt: '2024-03-01T12:00:00.000Z',
    expiresAt: null,
    lastUsedAt: null,
    creator: creator && { __typename: 'User', ...creator },
    ...rest,
  } as ApiKey;
}

export const apiKeysMock = (keys: ApiKey[]) => ({
  request: { query: ApiKeysDocument },
  result: { data: { apiKeys: keys } },
});

export const createApiKeyMock = (input: CreateApiKeyInput, result: object | (() => object)) => ({
  request: { query: CreateApiKeyDocument, variables: { input } },
  result,
});

export const revokeApiKeyMock = (id: string, result: object | (() => object)) => ({
  request: { query: RevokeApiKeyDocument, variables: { id } },
  result,
});
