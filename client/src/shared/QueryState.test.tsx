import { CombinedGraphQLErrors } from '@apollo/client';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { QueryState } from './QueryState';

const list = (data: string[] | undefined, error?: unknown, onRetry = vi.fn()) =>
  renderWithProviders(
    <QueryState
      data={data}
      error={error}
      onRetry={onRetry}
      isEmpty={(d) => d.length === 0}
      empty={<p>Nothing here</p>}
    >
      {(d) => <p>{d.join(', ')}</p>}
    </QueryState>,
  );

describe('QueryState', () => {
  it('says it is loading until something arrives', () => {
    list(undefined);
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
  });

  it('shows the error with a retry that asks again', async () => {
    const onRetry = vi.fn();
    list(
      undefined,
      new CombinedGraphQLErrors({ errors: [{ message: 'The server is down' }] }),
      onRetry,
    );
    expect(screen.getByText('The server is down')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('shows the empty state, then the data, keeping data on screen despite a later error', () => {
    const { unmount } = list([]);
    expect(screen.getByText('Nothing here')).toBeInTheDocument();
    unmount();
    list(['a', 'b'], new Error('refetch failed'));
    expect(screen.getByText('a, b')).toBeInTheDocument();
    expect(screen.queryByText('refetch failed')).toBeNull();
  });

  it('can also show a later error, with its retry, above the data kept on screen', async () => {
    const onRetry = vi.fn();
    renderWithProviders(
      <QueryState
        data={['a', 'b']}
        error={new CombinedGraphQLErrors({ errors: [{ message: 'The search failed' }] })}
        onRetry={onRetry}
        errorTitle="Could not search"
        errorAboveData
      >
        {(d) => <p>{d.join(', ')}</p>}
      </QueryState>,
    );
    expect(screen.getByText('Could not search')).toBeInTheDocument();
    expect(screen.getByText('The search failed')).toBeInTheDocument();
    expect(screen.getByText('a, b')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});
