import { screen, within } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  ProviderKeyDocument,
  SaveProviderKeyDocument,
  type ProviderKeyFieldsFragment,
} from '../../bots/graphql/bots.generated';
import { renderWithProviders, type RenderOptions } from '../../../test/render';
import { ProviderKeyCard } from './ProviderKeyCard';

const key = (overrides: Partial<ProviderKeyFieldsFragment> = {}) => ({
  __typename: 'ProviderKey' as const,
  id: 'k1',
  masked: 'sk-…abcd',
  verifiedAt: null,
  status: 'OK' as const,
  invalidAt: null,
  invalidReason: null,
  retryAt: null,
  ...overrides,
});
const REFUSED = key({
  status: 'INVALID',
  invalidAt: '2024-03-01T12:00:00.000Z',
  invalidReason: 'The AI provider refused the API key.',
});
const keyMock = (providerKey: ReturnType<typeof key> | null) => ({
  request: { query: ProviderKeyDocument },
  result: { data: { providerKey } },
});

const renderCard = (mocks: RenderOptions['mocks']) => {
  renderWithProviders(<ProviderKeyCard />, { path: '/app/integrations', mocks });
  return within(screen.getByRole('region', { name: 'OpenAI API key' }));
};

describe('ProviderKeyCard', () => {
  it('shows a refused key in red, and saving it again clears the refusal', async () => {
    const card = renderCard([
      keyMock(REFUSED),
      {
        request: {
          query: SaveProviderKeyDocument,
          variables: { value: 'sk-…abcd', verify: false },
        },
        result: {
          data: { saveProviderKey: { ...key(), verified: null, verifyMessage: null } },
        },
      },
    ]);
    expect(await card.findByText('Refused')).toBeInTheDocument();
    const alert = card.getByRole('alert');
    expect(alert).toHaveTextContent('OpenAI refused this key');
    expect(alert).toHaveTextContent('The AI provider refused the API key.');
    expect(alert).toHaveTextContent(/not used until it is saved again.*save it again to retry/);
    expect(card.getByRole('button', { name: 'Paste a new key' })).toBeInTheDocument();

    await userEvent.click(card.getByRole('button', { name: 'Save again to retry' }));
    expect(await card.findByText('Working')).toBeInTheDocument();
    expect(card.queryByRole('alert')).toBeNull();
    expect(await screen.findByText('Key saved again')).toBeInTheDocument();
  });

  it('says when a failing key will be tried again', async () => {
    const card = renderCard([
      keyMock(key({ status: 'COOLING_DOWN', retryAt: '2024-03-01T12:05:00.000Z' })),
    ]);
    expect(await card.findByText('Failing — paused')).toBeInTheDocument();
    expect(card.getByText(/OpenAI is not answering on this key/)).toHaveTextContent(
      /tried again at \d/,
    );
  });

  it('offers to add a key when there is none', async () => {
    const card = renderCard([keyMock(null)]);
    expect(await card.findByText('Not set')).toBeInTheDocument();
    await userEvent.click(card.getByRole('button', { name: 'Add key' }));
    expect(
      await screen.findByRole('dialog', { name: 'Add your OpenAI API key' }),
    ).toBeInTheDocument();
  });

  it("shows the server's message when the key cannot be checked, and asks again", async () => {
    const card = renderCard([
      {
        request: { query: ProviderKeyDocument },
        result: {
          errors: [new GraphQLError('Key store is down', { extensions: { code: 'INTERNAL' } })],
        },
      },
      keyMock(key()),
    ]);
    expect(card.getByLabelText('Loading the key')).toBeInTheDocument();
    expect(await card.findByText('Could not check your key')).toBeInTheDocument();
    expect(card.getByText('Key store is down')).toBeInTheDocument();
    expect(card.queryByText('Working')).toBeNull();

    await userEvent.click(card.getByRole('button', { name: 'Try again' }));
    expect(await card.findByText('Working')).toBeInTheDocument();
    expect(card.getByRole('button', { name: 'Replace key' })).toBeInTheDocument();
    expect(card.queryByText('Key store is down')).toBeNull();
  });
});
