import type { RoleKey } from '../graphql/types';
import {
  InvitationsDocument,
  MembersDocument,
  RolesDocument,
  type InvitationsQuery,
  type MembersQuery,
  type MembersQueryVariables,
} from '../modules/members/graphql/members.generated';

type MemberNode = MembersQuery['members']['nodes'][number];
type Invitation = InvitationsQuery['invitations'][number];

/** A workspace member as the Members query answers it. */
export function member(
  id: string,
  firstName: string,
  lastName: string,
  roles: RoleKey[] = ['customer_facing'],
): MemberNode & { __typename: 'User' } {
  return {
    __typename: 'User',
    id,
    email: `${firstName.toLowerCase()}@example.com`,
    firstName,
    lastName,
    roles,
    createdAt: '2024-01-01T00:00:00.000Z',
    lastSignInAt: null,
    deactivatedAt: null,
  };
}

export const ada = () => member('u1', 'Ada', 'Lovelace', ['admin']);
export const grace = () => member('u2', 'Grace', 'Hopper', ['product_expert']);
export const alan = () => member('u3', 'Alan', 'Turing', ['customer_facing']);

export const firstPage: MembersQueryVariables = {
  sort: 'FIRST_NAME',
  filter: 'EVERYONE',
  first: 50,
};

/** One Members answer for exactly these variables. */
export function membersMock(
  variables: MembersQueryVariables,
  nodes: MemberNode[],
  page: { totalCount?: number; endCursor?: string | null } = {},
) {
  const endCursor = page.endCursor ?? null;
  return {
    request: { query: MembersDocument, variables },
    result: {
      data: {
        members: {
          __typename: 'MemberConnection',
          nodes,
          totalCount: page.totalCount ?? nodes.length,
          pageInfo: { __typename: 'PageInfo', hasNextPage: endCursor !== null, endCursor },
        },
      },
    },
  };
}

export function invitation(overrides: Partial<Invitation> = {}): Invitation & {
  __typename: 'Invitation';
} {
  return {
    __typename: 'Invitation',
    id: 'i1',
    email: 'new@example.com',
    roles: ['customer_facing'],
    message: null,
    invitedByName: 'Ada Lovelace',
    createdAt: '2024-03-01T12:00:00.000Z',
    expiresAt: '2024-03-08T12:00:00.000Z',
    expired: false,
    sendCount: 1,
    ...overrides,
  };
}

export function invitationsMock(invitations: Invitation[] = []) {
  return {
    request: { query: InvitationsDocument },
    result: { data: { invitations } },
  };
}

export function rolesMock() {
  const role = (key: string, label: string, permissions: string[]) => ({
    __typename: 'Role',
    key,
    label,
    permissions,
  });
  return {
    request: { query: RolesDocument },
    result: {
      data: {
        roles: [
          role('admin', 'Admins', ['user.read', 'user.write', 'search.read']),
          role('product_expert', 'Product Experts', ['user.read', 'search.read']),
          role('customer_facing', 'Customer-facing prod', ['search.read']),
        ],
      },
    },
  };
}
