import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GraphQLError } from 'graphql';
import { describe, expect, it } from 'vitest';
import {
  ConversationsDocument,
  DeleteConversationDocument,
  RenameConversationDocument,
} from '../../modules/conversations/graphql/history.generated';
import { renderWithProviders } from '../../test/render';
import { HistoryPage } from './HistoryPage';

const HOUR = 3_600_000;

const conversation = (id: string, overrides: Record<string, unknown> = {}) => ({
  __typename: 'Conversation',
  id,
  title: `Question ${id}`,
  botId: null,
  botName: null,
  turnCount: 1,
  origin: 'web',
  createdAt: '2024-03-01T09:00:00.000Z',
  updatedAt: '2024-03-01T09:00:00.000Z',
  ...overrides,
});

const page = (nodes: unknown[], endCursor: string | null = null) => ({
  data: {
    conversations: {
      __typename: 'ConversationConnection',
      nodes,
      pageInfo: { __typename: 'PageInfo', hasNextPage: endCursor !== null, endCursor },
    },
  },
});

const list = (
  vars: { search?: string; after?: string },
  result: ReturnType<typeof page>,
  onCall?: () => void,
) => ({
  request: {
    query: ConversationsDocument,
    variables: { first: 20, search: vars.search ?? null, ...(vars.after && { after: vars.after }) },
  },
  result: () => {
    onCall?.();
    return result;
  },
});

const VACATION = conversation('c1', {
  title: 'How many vacation days?',
  turnCount: 3,
  updatedAt: new Date(Date.now() - 3 * HOUR).toISOString(),
});
const HR_BOT = conversation('c2', {
  title: 'Who approves dinners?',
  botId: 'b7',
  botName: 'HR helper',
  turnCount: 1,
  origin: 'slack',
});

const rows = () =>
  within(screen.getByRole('list', { name: 'Conversations' })).getAllByRole('listitem');

describe('HistoryPage', () => {
  it('lists conversations with their date, size, bot and resume link, and loads more', async () => {
    renderWithProviders(<HistoryPage />, {
      path: '/app/history',
      mocks: [
        list({}, page([VACATION, HR_BOT], 'cursor-2')),
        list(
          { after: 'cursor-2' },
          page([conversation('c3', { title: 'Where is the handbook?' })]),
        ),
      ],
    });

    expect(screen.getByRole('heading', { name: 'History', level: 1 })).toBeInTheDocument();
    const first = within(await screen.findByRole('listitem', { name: 'How many vacation days?' }));
    expect(first.getByText('3 hours ago')).toHaveAttribute('datetime', VACATION.updatedAt);
    expect(first.getByText('3 questions')).toBeInTheDocument();
    expect(first.queryByText('HR helper')).not.toBeInTheDocument();
    expect(first.queryByText('Slack')).not.toBeInTheDocument();
    expect(first.getByRole('link', { name: 'Resume How many vacation days?' })).toHaveAttribute(
      'href',
      '/app/dashboard?conversation=c1',
    );
    expect(first.getByRole('button', { name: 'Rename How many vacation days?' })).toBeEnabled();
    expect(first.getByRole('button', { name: 'Delete How many vacation days?' })).toBeEnabled();

    const second = within(screen.getByRole('listitem', { name: 'Who approves dinners?' }));
    expect(second.getByText('HR helper')).toBeInTheDocument();
    // Asked in Slack: marked so.
    expect(second.getByText('Slack')).toBeInTheDocument();
    expect(second.getByText('1 question')).toBeInTheDocument();
    expect(second.getByText(/2024/)).toHaveAttribute('datetime', HR_BOT.updatedAt);
    expect(second.getByRole('link', { name: 'Resume Who approves dinners?' })).toHaveAttribute(
      'href',
      '/app/bots/b7?conversation=c2',
    );

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Where is the handbook?')).toBeInTheDocument();
    expect(rows()).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('searches on the server once typing pauses, and says when nothing matches', async () => {
    const searches: string[] = [];
    const searchMock = (search: string, result: ReturnType<typeof page>) =>
      list({ search }, result, () => searches.push(search));
    renderWithProviders(<HistoryPage />, {
      path: '/app/history',
      mocks: [
        list({}, page([VACATION, HR_BOT])),
        // Answers for every prefix, so a request per key would be counted rather than fail.
        ...['d', 'di', 'din', 'dinn', 'dinne'].map((prefix) => searchMock(prefix, page([]))),
        searchMock('dinner', page([HR_BOT])),
        searchMock('dinner xyz', page([])),
      ],
    });
    await screen.findByText('How many vacation days?');

    // Keys 40 ms apart: a person typing, faster than the debounce.
    const user = userEvent.setup({ delay: 40 });
    await user.type(screen.getByRole('textbox', { name: 'Search conversations' }), 'dinner');
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]).toHaveAccessibleName('Who approves dinners?');
    // Normally one request; a stall of a loaded test machine may let one prefix through, but a
    // request per key (six) fails.
    expect(searches.at(-1)).toBe('dinner');
    expect(searches.length).toBeLessThanOrEqual(2);

    await user.type(screen.getByRole('textbox', { name: 'Search conversations' }), ' xyz');
    expect(await screen.findByText('No matching conversations')).toBeInTheDocument();
    expect(screen.getByText(/contain “dinner xyz”/)).toBeInTheDocument();
    expect(searches.at(-1)).toBe('dinner xyz');
  });

  it('renames in place: Enter saves, Escape cancels, a refusal shows under the field', async () => {
    let renamed = 0;
    renderWithProviders(<HistoryPage />, {
      path: '/app/history',
      mocks: [
        list({}, page([VACATION])),
        {
          request: {
            query: RenameConversationDocument,
            variables: { id: 'c1', title: 'x'.repeat(10) },
          },
          result: {
            errors: [
              new GraphQLError('A conversation name is at most 120 characters.', {
                extensions: { code: 'BAD_USER_INPUT' },
              }),
            ],
          },
        },
        {
          request: {
            query: RenameConversationDocument,
            variables: { id: 'c1', title: 'Vacation policy' },
          },
          result: () => {
            renamed += 1;
            return {
              data: {
                renameConversation: {
                  __typename: 'ConversationThread',
                  conversation: { ...VACATION, title: 'Vacation policy' },
                },
              },
            };
          },
        },
      ],
    });
    const user = userEvent.setup();
    const rename = await screen.findByRole('button', { name: 'Rename How many vacation days?' });

    await user.click(rename);
    const field = screen.getByRole('textbox', { name: 'Conversation name' });
    expect(field).toHaveFocus();
    expect(field).toHaveValue('How many vacation days?');
    await user.clear(field);
    await user.type(field, 'Something else{Escape}');
    expect(screen.queryByRole('textbox', { name: 'Conversation name' })).not.toBeInTheDocument();
    expect(screen.getByText('How many vacation days?')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Rename How many vacation days?' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Rename How many vacation days?' }));
    await user.clear(screen.getByRole('textbox', { name: 'Conversation name' }));
    await user.type(screen.getByRole('textbox', { name: 'Conversation name' }), 'x'.repeat(10));
    await user.keyboard('{Enter}');
    expect(
      await screen.findByText('A conversation name is at most 120 characters.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Conversation name' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );

    await user.clear(screen.getByRole('textbox', { name: 'Conversation name' }));
    await user.type(screen.getByRole('textbox', { name: 'Conversation name' }), 'Vacation policy');
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('listitem', { name: 'Vacation policy' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Conversation name' })).not.toBeInTheDocument();
    expect(renamed).toBe(1);
    expect(screen.getByRole('button', { name: 'Rename Vacation policy' })).toHaveFocus();
  });

  it('deletes after a confirmation that says the questions go too', async () => {
    let deleted = 0;
    renderWithProviders(<HistoryPage />, {
      path: '/app/history',
      mocks: [
        list({}, page([VACATION, HR_BOT])),
        {
          request: { query: DeleteConversationDocument, variables: { id: 'c1' } },
          result: () => {
            deleted += 1;
            return { data: { deleteConversation: true } };
          },
        },
      ],
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete How many vacation days?' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete conversation' });
    expect(dialog).toHaveTextContent(
      'Delete “How many vacation days?”? Its 3 questions and their answers are deleted with it',
    );
    expect(deleted).toBe(0);

    await user.click(within(dialog).getByRole('button', { name: 'Delete conversation' }));
    expect(await screen.findByText('Conversation deleted')).toBeInTheDocument();
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]).toHaveAccessibleName('Who approves dinners?');
    expect(deleted).toBe(1);
  });

  it('points a member without conversations to Home', async () => {
    renderWithProviders(<HistoryPage />, {
      path: '/app/history',
      mocks: [list({}, page([]))],
    });
    expect(await screen.findByText('No conversations yet')).toBeInTheDocument();
    expect(screen.getByText(/ask a question on Home/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ask on Home' })).toHaveAttribute(
      'href',
      '/app/dashboard',
    );
    expect(screen.queryByRole('list', { name: 'Conversations' })).not.toBeInTheDocument();
  });

  it('shows a loading state, then an error with a way to try again', async () => {
    renderWithProviders(<HistoryPage />, {
      path: '/app/history',
      mocks: [
        {
          request: { query: ConversationsDocument, variables: { first: 20, search: null } },
          error: new Error('Network down'),
          delay: 50,
        },
        list({}, page([VACATION])),
      ],
    });
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(await screen.findByText('Error')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('How many vacation days?')).toBeInTheDocument();
  });
});
