import { CombinedGraphQLErrors, ServerError } from '@apollo/client';
import { describe, expect, it } from 'vitest';
import {
  describeError,
  errorCode,
  errorField,
  errorMessage,
  NETWORK_ERROR_MESSAGE,
} from './graphql-errors';

const graphqlError = (message: string, extensions: Record<string, unknown>) =>
  new CombinedGraphQLErrors({ data: null, errors: [{ message, extensions }] });

const serverError = (status: number, body: string) =>
  new ServerError('Response not successful', {
    response: new Response(body, { status }),
    bodyText: body,
  });

describe('graphql-errors', () => {
  it('reads code, message and field from the first GraphQL error', () => {
    const error = graphqlError('Incorrect email or password.', { code: 'INVALID_CREDENTIALS' });
    expect(errorCode(error)).toBe('INVALID_CREDENTIALS');
    expect(errorMessage(error)).toBe('Incorrect email or password.');
    expect(errorField(graphqlError('Taken', { code: 'EMAIL_TAKEN', field: 'email' }))).toBe(
      'email',
    );
  });

  it('reads GraphQL and REST bodies out of a non-2xx server answer', () => {
    expect(
      describeError(
        serverError(
          429,
          JSON.stringify({ errors: [{ message: 'Slow down', extensions: { code: 'X' } }] }),
        ),
      ),
    ).toEqual({ code: 'X', message: 'Slow down', field: undefined });
    expect(
      describeError(serverError(429, JSON.stringify({ error: 'THROTTLED', message: 'Wait' }))),
    ).toEqual({ code: 'THROTTLED', message: 'Wait' });
  });

  it('says the server cannot be reached for network failures and unreadable answers', () => {
    expect(errorMessage(new TypeError('Failed to fetch'))).toBe(NETWORK_ERROR_MESSAGE);
    expect(errorCode(new TypeError('Failed to fetch'))).toBeUndefined();
    expect(errorMessage(serverError(502, '<html>Bad gateway</html>'))).toBe(NETWORK_ERROR_MESSAGE);
  });
});
