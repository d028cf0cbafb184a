import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GraphQLError } from 'graphql';
import { afterEach, describe, expect, it } from 'vitest';
import type { BotInput } from '../../graphql/types';
import {
  BotsDocument,
  CreateBotDocument,
  ProviderKeyDocument,
  SaveProviderKeyDocument,
  type BotFieldsFragment,
} from '../../modules/bots/graphql/bots.generated';
import { renderWithProviders, type RenderOptions } from '../../test/render';
import { BotsPage } from './BotsPage';

afterEach(() => notifications.clean());

const bot = (overrides: Partial<BotFieldsFragment> = {}) => ({
  __typename: 'Bot' as const,
  id: 'b1',
  name: 'HR helper',
  description: 'Answers questions about HR policies',
  privacy: 'public',
  model: 'gpt35',
  language: 'en',
  ownerId: 'u1',
  createdAt: '2024-03-01T12:00:00.000Z',
  updatedAt: '2024-03-01T12:00:00.000Z',
  canManage: true,
  sharePath: '/chat/abcdefghijkl',
  shareEnabled: true,
  ...overrides,
});

const STORED_KEY = {
  __typename: 'ProviderKey' as const,
  id: 'k1',
  masked: 'sk-…abcd',
  verifiedAt: null,
  status: 'OK' as const,
  invalidAt: null,
  invalidReason: null,
  retryAt: null,
};

const keyMock = (providerKey: typeof STORED_KEY | null) => ({
  request: { query: ProviderKeyDocument },
  result: { data: { providerKey } },
});
const botsMock = (bots: ReturnType<typeof bot>[]) => ({
  request: { query: BotsDocument },
  result: { data: { bots } },
});
const createMock = (input: BotInput, result: object) => ({
  request: { query: CreateBotDocument, variables: { input } },
  result,
});

const renderPage = (mocks: RenderOptions['mocks']) =>
  renderWithProviders(<BotsPage />, {
    path: '/app/bots',
    mocks,
    routes: [{ path: '/app/bots/:botId', element: <p>Bot detail page</p> }],
  });

const dateText = (iso: string) =>
  new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(new Date(iso));

describe('BotsPage', () => {
  it('lists the bots with avatar, description, privacy, language and creation date', async () => {
    renderPage([
      keyMock(STORED_KEY),
      botsMock([
        bot(),
        bot({
          id: 'b2',
          name: 'Sales desk',
          description: '',
          privacy: 'private',
          language: 'rs',
          createdAt: '2025-01-15T09:30:00.000Z',
        }),
      ]),
    ]);
    expect(screen.getByRole('heading', { name: 'Bots', level: 1 })).toBeInTheDocument();
    const hr = await screen.findByRole('row', { name: 'HR helper' });
    expect(hr).toHaveTextContent('HR');
    expect(hr).toHaveTextContent('Answers questions about HR policies');
    expect(hr).toHaveTextContent('Public access');
    expect(hr).toHaveTextContent('English');
    expect(hr).toHaveTextContent(dateText('2024-03-01T12:00:00.000Z'));
    const sales = screen.getByRole('row', { name: 'Sales desk' });
    expect(sales).toHaveTextContent('SD');
    expect(sales).toHaveTextContent('Private');
    expect(sales).toHaveTextContent('Russian');
    expect(sales).toHaveTextContent(dateText('2025-01-15T09:30:00.000Z'));
    // A stored key: no prompt. The key query answers apart from the bots query, so wait for it
    // (the header button is enabled once the key is known) before checking nothing opened.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'AI provider key' })).toBeEnabled(),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByText('No AI provider key yet')).not.toBeInTheDocument();
  });

  it('opens a bot by clicking its row or pressing Enter on it', async () => {
    const user = userEvent.setup();
    const { router } = renderPage([
      keyMock(STORED_KEY),
      botsMock([bot(), bot({ id: 'b2', name: 'Sales desk', description: 'Deals' })]),
    ]);
    await user.click(await screen.findByText('Answers questions about HR policies'));
    expect(router.state.location.pathname).toBe('/app/bots/b1');
    expect(screen.getByText('Bot detail page')).toBeInTheDocument();

    await router.navigate('/app/bots');
    const sales = await screen.findByRole('row', { name: 'Sales desk' });
    sales.focus();
    await user.keyboard('{Enter}');
    expect(router.state.location.pathname).toBe('/app/bots/b2');
  });

  it('shows an empty state that offers to create a bot', async () => {
    renderPage([keyMock(STORED_KEY), botsMock([])]);
    expect(await screen.findByText('No bots yet')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Create New Bot' })).toHaveLength(2);
  });

  it('creates a bot in the full-screen dialog and opens it', async () => {
    const user = userEvent.setup();
    const created = bot({
      id: 'b9',
      name: 'Travel bot',
      description: 'Trips',
      model: 'gpt4o',
      language: 'ja',
    });
    const { router } = renderPage([
      keyMock(STORED_KEY),
      botsMock([bot()]),
      createMock(
        {
          name: 'Travel bot',
          description: 'Trips',
          privacy: 'public',
          model: 'gpt4o',
          language: 'ja',
        },
        { data: { createBot: created } },
      ),
    ]);
    await screen.findByRole('row', { name: 'HR helper' });
    await user.click(screen.getByRole('button', { name: 'Create New Bot' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Create a new Lumen bot' }));
    expect(dialog.getByRole('button', { name: 'Close' })).toBeInTheDocument();
    await user.type(dialog.getByRole('textbox', { name: /^Name/ }), 'Travel bot');
    await user.type(dialog.getByRole('textbox', { name: /^Description/ }), 'Trips');
    await user.click(dialog.getByRole('radio', { name: 'GPT-4o (omni) - Recommended' }));
    await user.click(dialog.getByRole('combobox', { name: /^Language/ }));
    await user.click(await screen.findByRole('option', { name: 'Japanese' }));
    await user.click(dialog.getByRole('button', { name: 'Create Bot' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/app/bots/b9'));
    expect(await screen.findByText('Bot detail page')).toBeInTheDocument();
    expect(
      screen.queryByRole('dialog', { name: 'Create a new Lumen bot' }),
    ).not.toBeInTheDocument();
  });

  it("shows the server's validation messages in the form", async () => {
    const user = userEvent.setup();
    const input = { name: 'X', description: '', privacy: 'public', model: 'gpt35', language: 'en' };
    renderPage([
      keyMock(STORED_KEY),
      botsMock([]),
      createMock(input, {
        errors: [
          new GraphQLError('The name can be at most 80 characters.', {
            extensions: { code: 'BAD_USER_INPUT', field: 'name' },
          }),
        ],
      }),
      createMock(input, {
        errors: [new GraphQLError('Bots are switched off.', { extensions: { code: 'FORBIDDEN' } })],
      }),
    ]);
    await screen.findByText('No bots yet');
    await user.click(screen.getAllByRole('button', { name: 'Create New Bot' })[0]);
    const dialog = within(await screen.findByRole('dialog', { name: 'Create a new Lumen bot' }));
    await user.type(dialog.getByRole('textbox', { name: /^Name/ }), 'X');
    await user.click(dialog.getByRole('button', { name: 'Create Bot' }));
    await waitFor(() =>
      expect(dialog.getByRole('textbox', { name: /^Name/ })).toHaveAccessibleDescription(
        'The name can be at most 80 characters.',
      ),
    );

    await user.click(dialog.getByRole('button', { name: 'Create Bot' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('Bots are switched off.');
    expect(screen.getByRole('dialog', { name: 'Create a new Lumen bot' })).toBeInTheDocument();
  });

  it('opens the key modal by itself when no key is stored, and again from the page', async () => {
    const user = userEvent.setup();
    renderPage([keyMock(null), botsMock([])]);
    const dialog = await screen.findByRole('dialog', { name: 'Add your OpenAI API key' });
    expect(within(dialog).getByLabelText('API Key')).toHaveValue('');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    expect(screen.getByText('No AI provider key yet')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Set up key' }));
    expect(
      await screen.findByRole('dialog', { name: 'Add your OpenAI API key' }),
    ).toBeInTheDocument();
  });

  it("puts the key prompt off with 'Later': neither the modal nor the notice asks again", async () => {
    const user = userEvent.setup();
    const first = renderPage([keyMock(null), botsMock([])]);
    const dialog = await screen.findByRole('dialog', { name: 'Add your OpenAI API key' });
    await user.click(within(dialog).getByRole('button', { name: 'Later' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByText('No AI provider key yet')).not.toBeInTheDocument();
    first.unmount();

    // Back on the page in the same session: still not asked; the header button still works.
    renderPage([keyMock(null), botsMock([])]);
    await screen.findByText('No bots yet');
    const button = screen.getByRole('button', { name: 'AI provider key' });
    await waitFor(() => expect(button).toBeEnabled());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByText('No AI provider key yet')).not.toBeInTheDocument();
    await user.click(button);
    expect(
      await screen.findByRole('dialog', { name: 'Add your OpenAI API key' }),
    ).toBeInTheDocument();
  });

  it("hides the notice with its own 'Later'", async () => {
    const user = userEvent.setup();
    renderPage([keyMock(null), botsMock([])]);
    const dialog = await screen.findByRole('dialog', { name: 'Add your OpenAI API key' });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const notice = screen.getByText('No AI provider key yet').closest('[role="alert"]')!;
    await user.click(within(notice as HTMLElement).getByRole('button', { name: 'Later' }));
    expect(screen.queryByText('No AI provider key yet')).not.toBeInTheDocument();
  });

  it('remembers a key saved from the prompt: the notice goes and the modal stays shut', async () => {
    const user = userEvent.setup();
    renderPage([
      keyMock(null),
      botsMock([]),
      {
        request: {
          query: SaveProviderKeyDocument,
          variables: { value: 'sk-new-w0rd', verify: true },
        },
        result: {
          data: {
            saveProviderKey: {
              ...STORED_KEY,
              masked: 'sk-…w0rd',
              verifiedAt: '2024-03-01T12:00:00.000Z',
              verified: true,
              verifyMessage: 'The provider accepted the key.',
            },
          },
        },
      },
    ]);
    const dialog = within(await screen.findByRole('dialog', { name: 'Add your OpenAI API key' }));
    await user.type(dialog.getByLabelText('API Key'), 'sk-new-w0rd');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByText('No AI provider key yet')).not.toBeInTheDocument();
  });

  it('opens the key modal with the stored key masked from the header button', async () => {
    const user = userEvent.setup();
    renderPage([keyMock(STORED_KEY), botsMock([])]);
    await screen.findByText('No bots yet');
    const button = screen.getByRole('button', { name: 'AI provider key' });
    await waitFor(() => expect(button).toBeEnabled());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Add your OpenAI API key' });
    expect(within(dialog).getByLabelText('API Key')).toHaveValue('sk-…abcd');
  });

  it('shows a failure to load the bots, and asks again on Try again', async () => {
    renderPage([
      keyMock(STORED_KEY),
      {
        request: { query: BotsDocument },
        result: { errors: [new GraphQLError('Database is down')] },
      },
      botsMock([bot()]),
    ]);
    expect(await screen.findByText('Could not load the bots')).toBeInTheDocument();
    expect(screen.getByText('Database is down')).toBeInTheDocument();
    expect(screen.queryByRole('row', { name: 'HR helper' })).not.toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('row', { name: 'HR helper' })).toBeInTheDocument();
    expect(screen.queryByText('Could not load the bots')).not.toBeInTheDocument();
  });

  it('shows the bots placeholder while they load', async () => {
    renderPage([keyMock(STORED_KEY), botsMock([bot()])]);
    expect(screen.getByLabelText('Loading bots')).toBeInTheDocument();
    expect(await screen.findByRole('row', { name: 'HR helper' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Loading bots')).not.toBeInTheDocument();
  });
});
