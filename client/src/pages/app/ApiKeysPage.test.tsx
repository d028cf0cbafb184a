import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GraphQLError } from 'graphql';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiKeysDocument } from '../../modules/api-keys/graphql/api-keys.generated';
import { storeSession } from '../../modules/auth/session-store';
import {
  apiKey,
  apiKeysMock,
  createApiKeyMock,
  graceCreator,
  revokeApiKeyMock,
} from '../../test/api-keys-mocks';
import { fakeToken, renderWithProviders, type RenderOptions } from '../../test/render';
import { ApiKeysPage } from './ApiKeysPage';

afterEach(() => notifications.clean());

const MEMBER = ['search.read', 'bot.write'];
const ADMIN = ['user.read', 'user.write', 'search.read'];
const signIn = (permissions = MEMBER) => storeSession(fakeToken({ permissions }), 'refresh');

const renderPage = (mocks: RenderOptions['mocks']) =>
  renderWithProviders(<ApiKeysPage />, { path: '/app/api-keys', mocks });

const dateText = (iso: string) =>
  new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(new Date(iso));
const columns = () => screen.getAllByRole('columnheader').map((th) => th.textContent);

const SECRET = 'lumen_Ab3xYzSECRETsecretSECRETsecret0123456789';
const created = apiKey({ id: 'k9', name: 'Deploy hook', permissions: ['search.read'] });

describe('ApiKeysPage: the list', () => {
  it('shows name, prefix, permissions, dates and an Expired badge only on a past expiry', async () => {
    signIn();
    const fiveMinutesAgo = new Date(Date.now() - 5 * 60_000).toISOString();
    renderPage([
      apiKeysMock([
        apiKey({ permissions: ['bot.write', 'search.read'] }),
        apiKey({
          id: 'k2',
          name: 'Old report',
          prefix: 'lumen_Qr9Tuv',
          expiresAt: '2020-06-01T00:00:00.000Z',
          lastUsedAt: fiveMinutesAgo,
        }),
        apiKey({ id: 'k3', name: 'CI', expiresAt: '2999-01-01T00:00:00.000Z' }),
      ]),
    ]);
    expect(screen.getByRole('heading', { name: 'API keys', level: 1 })).toBeInTheDocument();
    expect(screen.getByText(/Authorization: Bearer <key>/)).toBeInTheDocument();

    const nightly = await screen.findByRole('row', { name: 'Nightly export' });
    expect(within(nightly).getByText('lumen_Ab3xYz…').tagName).toBe('CODE');
    // Badges in the server's order, whatever order they came in.
    expect(
      within(nightly)
        .getAllByText(/^(search\.read|bot\.write)$/)
        .map((b) => b.textContent),
    ).toEqual(['search.read', 'bot.write']);
    expect(nightly).toHaveTextContent(dateText('2024-03-01T12:00:00.000Z'));
    expect(within(nightly).getAllByText('Never')).toHaveLength(2); // expires, last used
    expect(within(nightly).queryByText('Expired')).not.toBeInTheDocument();

    const old = screen.getByRole('row', { name: 'Old report' });
    expect(within(old).getByText('Expired')).toBeInTheDocument();
    expect(old).toHaveTextContent(dateText('2020-06-01T00:00:00.000Z'));
    expect(old).toHaveTextContent('5 minutes ago');

    const ci = screen.getByRole('row', { name: 'CI' });
    expect(ci).toHaveTextContent(dateText('2999-01-01T00:00:00.000Z'));
    expect(within(ci).queryByText('Expired')).not.toBeInTheDocument();

    // A member sees only their own keys: no Creator column.
    expect(columns()).not.toContain('Creator');
  });

  it('adds a Creator column for admins, who see everyone’s keys', async () => {
    signIn(ADMIN);
    renderPage([
      apiKeysMock([
        apiKey(),
        apiKey({ id: 'k2', name: 'Grace’s sync', creator: graceCreator }),
        apiKey({ id: 'k3', name: 'Orphan', creator: null }),
      ]),
    ]);
    await screen.findByRole('row', { name: 'Nightly export' });
    expect(columns()).toContain('Creator');
    expect(screen.getByRole('row', { name: 'Nightly export' })).toHaveTextContent(
      'Ada Lovelace (you)',
    );
    const grace = screen.getByRole('row', { name: 'Grace’s sync' });
    expect(grace).toHaveTextContent('Grace Hopper');
    expect(grace).toHaveTextContent('grace@example.com');
    expect(grace).not.toHaveTextContent('(you)');
    expect(screen.getByRole('row', { name: 'Orphan' })).toHaveTextContent('Former member');
  });

  it('shows an empty state with one Create API key button', async () => {
    signIn();
    renderPage([apiKeysMock([])]);
    expect(screen.getByLabelText('Loading API keys')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'No API keys yet' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Create API key' })).toHaveLength(1);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it("shows the server's message and a retry when the keys cannot be loaded", async () => {
    signIn();
    renderPage([
      {
        request: { query: ApiKeysDocument },
        result: {
          errors: [new GraphQLError('Not allowed', { extensions: { code: 'FORBIDDEN' } })],
        },
      },
      apiKeysMock([apiKey()]),
    ]);
    expect(await screen.findByText('Could not load the API keys')).toBeInTheDocument();
    expect(screen.getByText('Not allowed')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('row', { name: 'Nightly export' })).toBeInTheDocument();
  });
});

describe('ApiKeysPage: creating a key', () => {
  it('offers only your own permissions and requires a name and one permission', async () => {
    const user = userEvent.setup();
    signIn();
    renderPage([apiKeysMock([])]);
    await user.click(await screen.findByRole('button', { name: 'Create API key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create API key' });

    // Mantine moves focus into the dialog just after it opens.
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: /Name/ })).toHaveFocus(),
    );
    const boxes = within(dialog).getAllByRole('checkbox');
    expect(boxes.map((box) => box.getAttribute('value'))).toEqual(['search.read', 'bot.write']);
    expect(within(dialog).queryByRole('checkbox', { name: /user\.write/ })).toBeNull();
    expect(within(dialog).getByText('Search and ask')).toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: 'Expires' })).toHaveValue('90 days');

    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect(await within(dialog).findByText('Name the key')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose at least one permission')).toBeInTheDocument();
  });

  it('creates the key, shows its secret once with a copy button, and forgets it on Done', async () => {
    const user = userEvent.setup();
    signIn();
    const asked = vi.fn(() => ({
      data: { createApiKey: { __typename: 'CreatedApiKey', secret: SECRET, apiKey: created } },
    }));
    renderPage([
      apiKeysMock([]),
      createApiKeyMock(
        { name: 'Deploy hook', permissions: ['search.read'], expiresInDays: 30 },
        asked,
      ),
      apiKeysMock([created]),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Create API key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create API key' });
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), '  Deploy hook ');
    await user.click(within(dialog).getByRole('checkbox', { name: /search\.read/ }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Expires' }));
    await user.click(await screen.findByRole('option', { name: '30 days' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));

    const shown = await screen.findByRole('dialog', { name: 'Copy your new API key' });
    expect(asked).toHaveBeenCalledTimes(1);
    expect(
      within(shown).getByText('Copy this key now: it will not be shown again.'),
    ).toBeInTheDocument();
    const secret = within(shown).getByRole('textbox', { name: 'Secret of Deploy hook' });
    expect(secret).toHaveValue(SECRET);
    expect(secret).toHaveAttribute('readonly');
    await waitFor(() => expect(secret).toHaveFocus());

    await user.click(within(shown).getByRole('button', { name: 'Copy' }));
    expect(await within(shown).findByRole('button', { name: 'Copied' })).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(SECRET);

    // The list was asked for again and shows the new key, without its secret.
    expect(await screen.findByRole('row', { name: 'Deploy hook' })).not.toHaveTextContent(SECRET);

    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByDisplayValue(SECRET)).not.toBeInTheDocument();

    // Opening the dialog again starts a new key; the old secret is gone for good.
    await user.click(screen.getByRole('button', { name: 'Create API key' }));
    const again = await screen.findByRole('dialog', { name: 'Create API key' });
    expect(within(again).getByRole('textbox', { name: /Name/ })).toHaveValue('');
    expect(screen.queryByDisplayValue(SECRET)).not.toBeInTheDocument();
  });

  it("shows the server's BAD_USER_INPUT under the field it names", async () => {
    const user = userEvent.setup();
    signIn();
    const refused = 'You cannot give a key bot.write: you do not have it yourself.';
    renderPage([
      apiKeysMock([]),
      createApiKeyMock(
        { name: 'Bot sync', permissions: ['bot.write'], expiresInDays: 90 },
        {
          errors: [
            new GraphQLError(refused, {
              extensions: { code: 'BAD_USER_INPUT', field: 'permissions' },
            }),
          ],
        },
      ),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Create API key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create API key' });
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Bot sync');
    await user.click(within(dialog).getByRole('checkbox', { name: /bot\.write/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));

    await within(dialog).findByText(refused);
    // Under the permissions group (which names it), not in a dialog-wide alert.
    expect(within(dialog).getByRole('group', { name: 'Permissions' })).toHaveAccessibleDescription(
      expect.stringContaining(refused),
    );
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /Name/ })).not.toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(screen.queryByRole('dialog', { name: 'Copy your new API key' })).toBeNull();
  });
});

describe('ApiKeysPage: revoking a key', () => {
  it('asks first, then revokes the key and refreshes the list', async () => {
    const user = userEvent.setup();
    signIn();
    const revoked = vi.fn(() => ({ data: { revokeApiKey: true } }));
    renderPage([
      apiKeysMock([apiKey(), apiKey({ id: 'k2', name: 'CI' })]),
      revokeApiKeyMock('k1', revoked),
      apiKeysMock([apiKey({ id: 'k2', name: 'CI' })]),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Revoke Nightly export' }));
    let dialog = await screen.findByRole('dialog', { name: 'Revoke API key' });
    expect(dialog).toHaveTextContent(
      'Revoke Nightly export? Scripts using it stop working at once.',
    );

    // Cancel leaves the key alone.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(revoked).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Revoke Nightly export' }));
    dialog = await screen.findByRole('dialog', { name: 'Revoke API key' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke key' }));

    await waitFor(() =>
      expect(screen.queryByRole('row', { name: 'Nightly export' })).not.toBeInTheDocument(),
    );
    expect(revoked).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('row', { name: 'CI' })).toBeInTheDocument();
    expect(await screen.findByText('Nightly export was revoked')).toBeInTheDocument();
  });

  it('keeps the dialog open with the reason when the server refuses', async () => {
    const user = userEvent.setup();
    signIn();
    renderPage([
      apiKeysMock([apiKey()]),
      revokeApiKeyMock('k1', {
        errors: [new GraphQLError('No such API key.', { extensions: { code: 'NOT_FOUND' } })],
      }),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Revoke Nightly export' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke API key' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke key' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('No such API key.');
  });
});
