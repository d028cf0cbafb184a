import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { BotLogsDocument } from '../graphql/bots.generated';
import {
  botLogsMock,
  botMock,
  gqlError,
  logEntry,
  renderBotPage,
} from '../../../test/bot-detail-mocks';

describe('Bot logs tab', () => {
  it('lists the entries and loads more with the cursor', async () => {
    renderBotPage('/app/bots/b1?tab=logs', [
      botMock(),
      botLogsMock('b1', null, {
        total: 3,
        hasMore: true,
        endCursor: 'cursor-2',
        entries: [
          logEntry({
            id: 'l1',
            answer: `Long answer ${'word '.repeat(60)}end`,
            feedback: { vote: 'UP', reason: null, comment: null },
          }),
          logEntry({
            id: 'l2',
            question: 'Who approves dinners?',
            fromSources: false,
            mode: 'extractive',
            askedBy: 'Public link',
            sources: [],
            latencyMs: 1500,
            feedback: {
              vote: 'DOWN',
              reason: 'OUTDATED',
              comment: 'The dinner policy changed in May.',
            },
          }),
        ],
      }),
      botLogsMock('b1', 'cursor-2', {
        total: 3,
        hasMore: false,
        endCursor: null,
        entries: [logEntry({ id: 'l3', question: 'Where is the handbook?', mode: 'extractive' })],
      }),
    ]);

    expect(await screen.findByText('3 questions asked')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Bot log' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);

    const first = within(rows[0]);
    expect(first.getByText('by Ada Lovelace')).toBeInTheDocument();
    expect(first.getByText('How many vacation days?')).toBeInTheDocument();
    expect(first.getByText(/^Long answer .*…$/)).toBeInTheDocument();
    expect(first.getByText('From sources')).toBeInTheDocument();
    expect(first.getByText('1 source')).toBeInTheDocument();
    expect(first.getByRole('link', { name: 'Employee handbook' })).toHaveAttribute(
      'href',
      '/app/documents/d1?page=3&passage=4',
    );
    expect(first.getByText('Answered in 850 ms')).toBeInTheDocument();
    expect(first.getByRole('img', { name: 'Voted up' })).toBeInTheDocument();
    expect(first.queryByRole('img', { name: 'Voted down' })).not.toBeInTheDocument();

    const second = within(rows[1]);
    expect(second.getByText('by Public link')).toBeInTheDocument();
    expect(second.getByText('Not found in sources')).toBeInTheDocument();
    // No model wrote a "not found": how answers are made is not shown for it.
    expect(second.queryByText('Extracted')).not.toBeInTheDocument();
    expect(second.getByText('None')).toBeInTheDocument();
    expect(second.getByText('Answered in 1.5 s')).toBeInTheDocument();
    expect(second.getByRole('img', { name: 'Voted down' })).toBeInTheDocument();
    expect(second.getByText('Outdated')).toBeInTheDocument();
    expect(second.getByText('“The dinner policy changed in May.”')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Where is the handbook?')).toBeInTheDocument();
    await waitFor(() => expect(within(table).getAllByRole('row').slice(1)).toHaveLength(3));
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(screen.getByText('Extracted')).toBeInTheDocument();
    const third = within(within(table).getAllByRole('row')[3]);
    expect(third.getByText('No vote')).toBeInTheDocument();
    expect(third.queryByRole('img', { name: /^Voted/ })).not.toBeInTheDocument();
  });

  it('says when nobody has asked yet', async () => {
    renderBotPage('/app/bots/b1?tab=logs', [
      botMock(),
      botLogsMock('b1', null, { total: 0, hasMore: false, endCursor: null, entries: [] }),
    ]);

    expect(await screen.findByText('No questions yet')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it("shows the server's message when the log cannot be loaded, and asks again", async () => {
    renderBotPage('/app/bots/b1?tab=logs', [
      botMock(),
      {
        request: { query: BotLogsDocument, variables: { botId: 'b1', first: 20 } },
        result: { errors: [gqlError('The log is unavailable', 'INTERNAL')] },
      },
      botLogsMock('b1', null, {
        total: 1,
        hasMore: false,
        endCursor: null,
        entries: [logEntry()],
      }),
    ]);

    expect(await screen.findByText('The log is unavailable')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Bot log' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('1 question asked')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Bot log' })).toBeInTheDocument();
    expect(screen.queryByText('The log is unavailable')).not.toBeInTheDocument();
  });
});
