import { CombinedGraphQLErrors, gql } from '@apollo/client';
import { RESET_MAIL_JOB } from '../src/modules/auth/auth.service.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOOD_PASSWORD, startTestApp, uniqueEmail, type TestApp } from './helpers/test-app.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.stop();
});

const SIGN_UP = gql`
  mutation ($input: SignUpInput!) {
    signUp(input: $input) {
      id
      email
      roles
    }
  }
`;
const SIGN_IN = gql`
  mutation ($input: SignInInput!) {
    signIn(input: $input) {
      token
      refreshToken
      expiresIn
      permissions
      session
      user {
        id
        email
      }
    }
  }
`;
const ME = gql`
  query {
    me {
      id
      email
      firstName
      permissions
      workspace {
        id
        name
      }
    }
  }
`;
const REFRESH = gql`
  mutation ($refreshToken: String!) {
    refreshSession(refreshToken: $refreshToken) {
      token
      refreshToken
    }
  }
`;
const SIGN_OUT = gql`
  mutation ($refreshToken: String) {
    signOut(refreshToken: $refreshToken)
  }
`;

/** The `extensions.code` of the first error an operation failed with. */
async function codeOf(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
  } catch (error) {
    if (CombinedGraphQLErrors.is(error)) return error.errors[0]?.extensions?.code as string;
    throw error;
  }
  return undefined;
}

async function account() {
  const email = uniqueEmail('gql');
  const client = app.graphql();
  const { data } = await client.mutate({
    mutation: SIGN_UP,
    variables: { input: { email, password: GOOD_PASSWORD, firstName: 'Grace' } },
  });
  const signIn = await client.mutate({
    mutation: SIGN_IN,
    variables: { input: { email, password: GOOD_PASSWORD, rememberMe: true } },
  });
  return { email, id: (data as any).signUp.id as string, session: (signIn.data as any).signIn };
}

describe('GraphQL auth', () => {
  it('signs up, signs in and reads me with the token', async () => {
    const { email, id, session } = await account();
    expect(session.token.split('.')).toHaveLength(3);
    expect(session.expiresIn).toBe(900);
    expect(session.permissions).toContain('user.read');
    const { data } = await app.graphql(session.token).query({ query: ME });
    expect((data as any).me).toMatchObject({
      id,
      email,
      firstName: 'Grace',
      workspace: { name: "Grace's workspace" },
    });
  });

  it('answers UNAUTHENTICATED for me without a token', async () => {
    expect(await codeOf(app.graphql().query({ query: ME }))).toBe('UNAUTHENTICATED');
  });

  it('answers INVALID_CREDENTIALS for a wrong password', async () => {
    const { email } = await account();
    const code = await codeOf(
      app.graphql().mutate({
        mutation: SIGN_IN,
        variables: { input: { email, password: 'wrong password!' } },
      }),
    );
    expect(code).toBe('INVALID_CREDENTIALS');
  });

  it('validates input with class-validator: BAD_USER_INPUT names the field', async () => {
    try {
      await app.graphql().mutate({
        mutation: SIGN_UP,
        variables: { input: { email: 'nope', password: GOOD_PASSWORD } },
      });
      expect.unreachable();
    } catch (error) {
      expect(CombinedGraphQLErrors.is(error)).toBe(true);
      const first = (error as CombinedGraphQLErrors).errors[0];
      expect(first.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'email' });
      expect(first.message).toBe('Enter a valid email address.');
    }
  });

  it('rotates on refreshSession and detects reuse; signOut revokes', async () => {
    const { session } = await account();
    const client = app.graphql();
    const { data } = await client.mutate({
      mutation: REFRESH,
      variables: { refreshToken: session.refreshToken },
    });
    const next = (data as any).refreshSession;
    expect(next.refreshToken).not.toBe(session.refreshToken);
    expect(
      await codeOf(
        client.mutate({ mutation: REFRESH, variables: { refreshToken: session.refreshToken } }),
      ),
    ).toBe('UNAUTHENTICATED');
    expect(
      await codeOf(
        client.mutate({ mutation: REFRESH, variables: { refreshToken: next.refreshToken } }),
      ),
    ).toBe('UNAUTHENTICATED');

    const other = (await account()).session;
    await client.mutate({ mutation: SIGN_OUT, variables: { refreshToken: other.refreshToken } });
    expect(
      await codeOf(
        client.mutate({ mutation: REFRESH, variables: { refreshToken: other.refreshToken } }),
      ),
    ).toBe('UNAUTHENTICATED');
  });

  it('resets a password through requestPasswordReset and confirmPasswordReset', async () => {
    const { email } = await account();
    const client = app.graphql();
    await client.mutate({
      mutation: gql`
        mutation ($email: String!) {
          requestPasswordReset(email: $email)
        }
      `,
      variables: { email },
    });
    await app.jobsDone(RESET_MAIL_JOB);
    const code = /\b(\d{6})\b/.exec((await app.outbox(email))[0].text)![1];
    const CONFIRM = gql`
      mutation ($input: ConfirmPasswordResetInput!) {
        confirmPasswordReset(input: $input)
      }
    `;
    const { data } = await client.mutate({
      mutation: CONFIRM,
      variables: { input: { code, email, password: 'fresh passphrase 1' } },
    });
    expect((data as any).confirmPasswordReset).toBe(true);
    const signIn = await client.mutate({
      mutation: SIGN_IN,
      variables: { input: { email, password: 'fresh passphrase 1' } },
    });
    expect((signIn.data as any).signIn.token).toBeTruthy();
  });

  it('completes a forced new password with the session from signIn', async () => {
    const { email, id } = await account();
    await app.sql('UPDATE users SET password_change_required = true WHERE id = $1', [id]);
    const client = app.graphql();
    const { data } = await client.mutate({
      mutation: SIGN_IN,
      variables: { input: { email, password: GOOD_PASSWORD } },
    });
    const payload = (data as any).signIn;
    expect(payload.token).toBeNull();
    expect(payload.session).toBeTruthy();
    const COMPLETE = gql`
      mutation ($input: CompleteNewPasswordInput!) {
        completeNewPassword(input: $input)
      }
    `;
    await client.mutate({
      mutation: COMPLETE,
      variables: { input: { session: payload.session, email, password: 'chosen passphrase' } },
    });
    const again = await client.mutate({
      mutation: SIGN_IN,
      variables: { input: { email, password: 'chosen passphrase' } },
    });
    expect((again.data as any).signIn.token).toBeTruthy();
  });
});

describe('GraphQL production defaults', () => {
  async function post(
    body: unknown,
    headers: Record<string, string> = { 'content-type': 'application/json' },
  ) {
    const res = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as any };
  }

  it('refuses introspection unless enabled by config', async () => {
    const res = await post({ query: '{ __schema { types { name } } }' });
    expect(res.body.errors[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
    expect(res.body.data).toBeUndefined();
  });

  it('gives no field suggestions', async () => {
    const res = await post({ query: '{ mee { id } }' });
    expect(res.body.errors[0].message).not.toMatch(/Did you mean/);
  });

  it('refuses queries nested too deep', async () => {
    const deep = `{ me { ${'workspace { '.repeat(11)} id ${'} '.repeat(11)} } }`;
    const res = await post({ query: deep });
    expect(res.body.errors[0].extensions.code).toBe('QUERY_TOO_COMPLEX');
    expect(res.body.errors[0].message).toMatch(/deeper than 10/);
  });

  it('refuses queries that select too many fields', async () => {
    const aliases = Array.from({ length: 400 }, (_, i) => `a${i}: __typename`).join(' ');
    const res = await post({ query: `{ ${aliases} }` });
    expect(res.body.errors[0].extensions.code).toBe('QUERY_TOO_COMPLEX');
  });

  it('blocks simple cross-site requests (CSRF prevention)', async () => {
    const res = await fetch(`${app.url}/graphql?query=${encodeURIComponent('{ __typename }')}`);
    expect(res.status).toBe(400);
    expect(await res.text()).toMatch(/CSRF|preflight/i);
  });

  it('allows introspection when GRAPHQL_INTROSPECTION=true', async () => {
    const open = await startTestApp({ GRAPHQL_INTROSPECTION: 'true' });
    try {
      const res = await fetch(`${open.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ __schema { queryType { name } } }' }),
      });
      expect(((await res.json()) as any).data.__schema.queryType.name).toBe('Query');
    } finally {
      await open.stop();
    }
  });
});
