import { GraphQLError } from 'graphql';
import { describe, expect, it, vi } from 'vitest';
import { AppError } from '../shared/app-error.js';
import { formatError } from './format-error.js';

function logger() {
  return { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() };
}

describe('formatError', () => {
  it('masks unexpected errors and logs them with the request id', () => {
    const log = logger();
    const secret = new Error('connection to 10.0.0.5 failed: password authentication failed');
    const wrapped = new GraphQLError(secret.message, { path: ['me'], originalError: secret });
    const out = formatError(log, () => 'req-123')(
      { message: secret.message, path: ['me'] },
      wrapped,
    );
    expect(out.message).not.toContain('10.0.0.5');
    expect(out.extensions).toEqual({ code: 'INTERNAL_SERVER_ERROR', requestId: 'req-123' });
    expect(log.error).toHaveBeenCalledWith(
      'Unexpected GraphQL error',
      expect.objectContaining({ requestId: 'req-123', error: secret }),
    );
  });

  it('passes AppErrors through with their code and details', () => {
    const error = new AppError('EMAIL_TAKEN', 'Taken.', 409, { field: 'email' });
    const wrapped = new GraphQLError('Taken.', { path: ['signUp'], originalError: error });
    const out = formatError(logger(), () => undefined)({ message: 'Taken.' }, wrapped);
    expect(out).toMatchObject({
      message: 'Taken.',
      extensions: { code: 'EMAIL_TAKEN', field: 'email' },
    });
  });
});
