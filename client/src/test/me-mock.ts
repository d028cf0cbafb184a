import { MeDocument, type MeQuery } from '../modules/auth/graphql/auth.generated';

/** The Me query answered for Ada (the default `fakeToken` user). */
export function meMock(overrides: Partial<MeQuery['me']> = {}) {
  return {
    request: { query: MeDocument },
    result: {
      data: {
        me: {
          __typename: 'User',
          id: 'u1',
          email: 'ada@example.com',
          firstName: 'Ada',
          lastName: 'Lovelace',
          roles: ['admin'],
          permissions: ['user.read', 'search.read'],
          createdAt: '2024-01-01T00:00:00.000Z',
          workspace: { __typename: 'Workspace', id: 'w1', name: 'Analytical Engines' },
          ...overrides,
        },
      },
    },
  };
}
