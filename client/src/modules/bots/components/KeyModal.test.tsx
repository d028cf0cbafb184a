import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GraphQLError } from 'graphql';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SaveProviderKeyDocument } from '../graphql/bots.generated';
import { renderWithProviders, type RenderOptions } from '../../../test/render';
import { KeyModal, type StoredKey } from './KeyModal';

afterEach(() => notifications.clean());

const STORED: StoredKey = {
  id: 'k1',
  masked: 'sk-…abcd',
  verifiedAt: null,
  status: 'OK',
  invalidAt: null,
  invalidReason: null,
  retryAt: null,
};

const saveMock = (value: string, verify: boolean, result: object) => ({
  request: { query: SaveProviderKeyDocument, variables: { value, verify } },
  result,
});
const saved = (overrides: object = {}) => ({
  data: {
    saveProviderKey: {
      __typename: 'ProviderKey',
      id: 'k1',
      masked: 'sk-…w0rd',
      verifiedAt: '2024-03-01T12:00:00.000Z',
      status: 'OK',
      invalidAt: null,
      invalidReason: null,
      retryAt: null,
      verified: true,
      verifyMessage: 'The provider accepted the key.',
      ...overrides,
    },
  },
});

function renderModal(storedKey: StoredKey | null, mocks: RenderOptions['mocks']) {
  const onClose = vi.fn();
  const result = renderWithProviders(<KeyModal opened onClose={onClose} storedKey={storedKey} />, {
    path: '/app/bots/b1',
    mocks,
    routes: [{ path: '/app/bots', element: <p>Bots list</p> }],
  });
  const dialog = within(screen.getByRole('dialog', { name: 'Add your OpenAI API key' }));
  return { ...result, onClose, dialog, user: userEvent.setup() };
}

describe('KeyModal', () => {
  it('explains the key, links to OpenAI, and says how it is stored', () => {
    const { dialog } = renderModal(null, []);
    expect(
      dialog.getByText(
        'We need to connect your bots to your OpenAI account so you have full control and ownership of your data.',
      ),
    ).toBeInTheDocument();
    const link = dialog.getByRole('link', { name: 'Get my OpenAI key' });
    expect(link).toHaveAttribute('href', 'https://platform.openai.com/api-keys');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    const field = dialog.getByLabelText('API Key');
    expect(field).toHaveValue('');
    expect(field).toHaveAccessibleDescription('Securely stored with AES256 encryption.');
    expect(dialog.getByRole('checkbox', { name: 'Check the key with OpenAI' })).toBeChecked();
  });

  it('saves a new key, checked with OpenAI, then closes and goes to /app/bots', async () => {
    const { dialog, user, onClose, router } = renderModal(null, [
      saveMock('sk-new-w0rd', true, saved()),
    ]);
    await user.type(dialog.getByLabelText('API Key'), '  sk-new-w0rd ');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(router.state.location.pathname).toBe('/app/bots');
    expect(await screen.findByText('Key saved')).toBeInTheDocument();
  });

  it('starts from the stored key, masked, and can save without the check', async () => {
    const { dialog, user, onClose } = renderModal(STORED, [
      saveMock(
        'sk-…abcd',
        false,
        saved({ masked: 'sk-…abcd', verified: null, verifyMessage: null }),
      ),
    ]);
    expect(dialog.getByLabelText('API Key')).toHaveValue('sk-…abcd');
    expect(dialog.getByText('sk-…abcd')).toBeInTheDocument();
    await user.click(dialog.getByRole('checkbox', { name: 'Check the key with OpenAI' }));
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('stays open and says why when OpenAI refuses the key', async () => {
    const { dialog, user, onClose, router } = renderModal(null, [
      saveMock(
        'sk-bad',
        true,
        saved({
          verified: false,
          verifiedAt: null,
          verifyMessage: 'The provider refused this key.',
        }),
      ),
    ]);
    await user.type(dialog.getByLabelText('API Key'), 'sk-bad');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('The provider refused this key.');
    expect(onClose).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/app/bots/b1');

    await user.click(dialog.getByRole('button', { name: 'Continue' }));
    expect(onClose).toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/app/bots');
  });

  it("shows the server's message under the field, and other errors above the form", async () => {
    const { dialog, user, onClose } = renderModal(null, [
      saveMock('sk bad', true, {
        errors: [
          new GraphQLError('That does not look like an API key.', {
            extensions: { code: 'BAD_USER_INPUT', field: 'value' },
          }),
        ],
      }),
      saveMock('sk bad', true, {
        errors: [new GraphQLError('Not signed in.', { extensions: { code: 'UNAUTHENTICATED' } })],
      }),
    ]);
    await user.type(dialog.getByLabelText('API Key'), 'sk bad');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(dialog.getByLabelText('API Key')).toHaveAccessibleDescription(
        /That does not look like an API key\./,
      ),
    );
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('Not signed in.');
    expect(onClose).not.toHaveBeenCalled();
  });
});
