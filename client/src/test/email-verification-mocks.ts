import { GraphQLError } from 'graphql';
import {
  EmailVerificationStatusDocument,
  SendEmailVerificationDocument,
  VerifyEmailDocument,
} from '../modules/account/graphql/email-verification.generated';
import {
  JoinableWorkspacesDocument,
  JoinWorkspaceDocument,
} from '../modules/members/graphql/domain-join.generated';
import {
  JoinByDomainSettingDocument,
  SetJoinByDomainDocument,
} from '../modules/sso/graphql/join-by-domain.generated';

/** Ada's (the default `fakeToken` user's) address and whether it is verified. */
export const statusMock = (emailVerified: boolean) => ({
  request: { query: EmailVerificationStatusDocument },
  result: {
    data: { me: { __typename: 'User', id: 'u1', email: 'ada@example.com', emailVerified } },
  },
});

export const verifyMock = (code: string, answer: 'ok' | GraphQLError) => ({
  request: { query: VerifyEmailDocument, variables: { code } },
  result:
    answer === 'ok'
      ? { data: { verifyEmail: { __typename: 'User', id: 'u1', emailVerified: true } } }
      : { errors: [answer] },
});

export const resendMock = (answer: boolean | GraphQLError) => ({
  request: { query: SendEmailVerificationDocument },
  result:
    answer instanceof GraphQLError
      ? { errors: [answer] }
      : { data: { sendEmailVerification: answer } },
});

export const invalidCode = () =>
  new GraphQLError('The code is wrong or has expired. Ask for a new one.', {
    extensions: { code: 'INVALID_CODE', field: 'code' },
  });

export const tooSoon = (seconds: number) =>
  new GraphQLError(
    `A code was sent a moment ago. You can ask for another in ${seconds} second(s).`,
    { extensions: { code: 'TOO_MANY_REQUESTS', retryAfterSeconds: seconds } },
  );

export const joinableMock = (workspaces: { id: string; name: string; domain: string }[]) => ({
  request: { query: JoinableWorkspacesDocument },
  result: {
    data: {
      joinableWorkspaces: workspaces.map((w) => ({ __typename: 'JoinableWorkspace', ...w })),
    },
  },
});

export const joinMock = (workspaceId: string, answer: { token: string } | GraphQLError) => ({
  request: { query: JoinWorkspaceDocument, variables: { workspaceId } },
  result:
    answer instanceof GraphQLError
      ? { errors: [answer] }
      : {
          data: {
            joinWorkspace: {
              __typename: 'AuthPayload',
              token: answer.token,
              refreshToken: 'refresh-2',
              permissions: ['search.read'],
            },
          },
        },
});

export const joinSettingMock = (joinByDomain: boolean) => ({
  request: { query: JoinByDomainSettingDocument },
  result: {
    data: {
      me: {
        __typename: 'User',
        id: 'u1',
        workspace: { __typename: 'Workspace', id: 'w1', joinByDomain },
      },
    },
  },
});

export const setJoinMock = (enabled: boolean, answer: 'ok' | GraphQLError = 'ok') => ({
  request: { query: SetJoinByDomainDocument, variables: { enabled } },
  result:
    answer === 'ok'
      ? { data: { setJoinByDomain: { __typename: 'Workspace', id: 'w1', joinByDomain: enabled } } }
      : { errors: [answer] },
});
