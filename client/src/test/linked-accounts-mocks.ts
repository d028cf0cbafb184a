import { GraphQLError } from 'graphql';
import {
  CompleteAccountLinkDocument,
  LinkAccountDocument,
  LinkedAccountsDocument,
  UnlinkAccountDocument,
  type LinkedAccountFieldsFragment,
} from '../modules/linked-accounts/graphql/linked-accounts.generated';

type Linked = LinkedAccountFieldsFragment & { __typename: 'LinkedAccount' };

export function linkedAccount(overrides: Partial<LinkedAccountFieldsFragment> = {}): Linked {
  return {
    __typename: 'LinkedAccount',
    provider: 'google',
    accountId: '109876543210987654321',
    email: 'ada@corp.example',
    linkedAt: '2026-11-20T09:30:00.000Z',
    checksAccess: false,
    ...overrides,
  };
}

export const linkedAccountsMock = (accounts: Linked[]) => ({
  request: { query: LinkedAccountsDocument },
  result: { data: { linkedAccounts: accounts } },
});

export const linkAccountMock = (provider: string, answer: string | GraphQLError) => ({
  request: { query: LinkAccountDocument, variables: { provider } },
  result: typeof answer === 'string' ? { data: { linkAccount: answer } } : { errors: [answer] },
});

export const completeAccountLinkMock = (
  code: string,
  state: string,
  answer: Linked | GraphQLError,
) => ({
  request: { query: CompleteAccountLinkDocument, variables: { code, state } },
  result:
    answer instanceof GraphQLError
      ? { errors: [answer] }
      : { data: { completeAccountLink: answer } },
});

export const unlinkAccountMock = (provider: string) => ({
  request: { query: UnlinkAccountDocument, variables: { provider } },
  result: { data: { unlinkAccount: true } },
});
