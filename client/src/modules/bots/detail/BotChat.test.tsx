import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  askBotMock,
  askBotResult,
  botLogsMock,
  botFields,
  botMock,
  gqlError,
  logEntry,
  renderBotPage,
} from '../../../test/bot-detail-mocks';
import { conversationThreadMock, serverTurn } from '../../../test/conversation-mocks';

const QUESTION = 'How many vacation days?';

describe('Bot chat', () => {
  it('asks the bot and shows the answer with a citation link and its sources', async () => {
    renderBotPage('/app/bots/b1', [
      botMock(),
      askBotMock('b1', QUESTION, askBotResult({ answer: 'You get 25 days [1]. <b>not bold</b>' }), {
        delay: 30,
      }),
    ]);

    const input = await screen.findByRole('textbox', { name: 'Ask HR helper' });
    await userEvent.type(input, QUESTION);
    // Enter is pressed synchronously: the answer (30 ms away) cannot arrive before the checks of
    // the waiting state, as it could while an awaited user-event call yields on a loaded machine.
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
    expect(input).toHaveValue('');
    const turn = within(screen.getByRole('article', { name: QUESTION }));
    expect(turn.getByText('Loading...')).toBeInTheDocument();

    const citation = await turn.findByRole('link', { name: '[1]' });
    expect(citation).toHaveAttribute('href', '/app/documents/d1?page=3&passage=4');
    expect(turn.getByText(/<b>not bold<\/b>/)).toBeInTheDocument();
    expect(turn.getByRole('link', { name: /Employee handbook/ })).toHaveAttribute(
      'href',
      '/app/documents/d1?page=3&passage=4',
    );
    expect(turn.queryByText('Loading...')).not.toBeInTheDocument();
  });

  it('shows a failure in the turn and asks again on Try again', async () => {
    renderBotPage('/app/bots/b1', [
      botMock(),
      askBotMock('b1', QUESTION, gqlError('The provider refused the key.', 'BAD_USER_INPUT')),
      askBotMock('b1', QUESTION, askBotResult({ mode: 'extractive' })),
    ]);

    await userEvent.type(await screen.findByRole('textbox', { name: 'Ask HR helper' }), QUESTION);
    await userEvent.click(screen.getByRole('button', { name: 'Ask' }));
    expect(await screen.findByText('The provider refused the key.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: '[1]' })).toBeInTheDocument();
    // The bot answers in Japanese: so does the label of an answer made without a model.
    expect(screen.getByText('ソースから抜粋 — AIモデルは使用していません')).toBeInTheDocument();
    expect(screen.queryByText('The provider refused the key.')).not.toBeInTheDocument();
  });

  it('labels an answer made without a model in the bot’s language, with the server’s notice', async () => {
    const notice =
      'No se pudo contactar con el proveedor de IA. Por eso esta respuesta se ha extraído directamente de las fuentes.';
    for (const [language, label] of [
      ['es', 'Extraído de tus fuentes — sin usar ningún modelo de IA'],
      ['rs', 'Извлечено из ваших источников — без модели ИИ'],
      ['en', 'Extracted from your sources — no AI model used'],
    ] as const) {
      const { unmount } = renderBotPage('/app/bots/b1', [
        botMock(botFields({ language })),
        askBotMock(
          'b1',
          QUESTION,
          askBotResult({ mode: 'extractive', notice, providerState: 'cooling_down' }),
        ),
      ]);
      await userEvent.type(
        await screen.findByRole('textbox', { name: 'Ask HR helper' }),
        `${QUESTION}{Enter}`,
      );
      expect(await screen.findByText(label)).toBeInTheDocument();
      expect(screen.getByText(notice)).toBeInTheDocument();
      unmount();
    }
  });

  it('refreshes the open log after an answer', async () => {
    const logsRead = vi.fn();
    const page = (n: number) => ({
      total: n,
      hasMore: false,
      endCursor: null,
      entries: Array.from({ length: n }, (_, i) => logEntry({ id: `l${i}` })),
    });
    renderBotPage('/app/bots/b1?tab=logs', [
      botMock(),
      botLogsMock('b1', null, page(1), { onCall: logsRead }),
      askBotMock('b1', QUESTION, askBotResult()),
      botLogsMock('b1', null, page(2), { onCall: logsRead }),
    ]);

    expect(await screen.findByText('1 question asked')).toBeInTheDocument();
    await userEvent.type(
      screen.getByRole('textbox', { name: 'Ask HR helper' }),
      `${QUESTION}{Enter}`,
    );
    expect(await screen.findByText('2 questions asked')).toBeInTheDocument();
    await waitFor(() => expect(logsRead).toHaveBeenCalledTimes(2));
  });

  it('sends a follow-up in the same conversation and shows what it searched for', async () => {
    renderBotPage('/app/bots/b1', [
      botMock(),
      askBotMock('b1', QUESTION, askBotResult({ conversationId: 'c1', turnId: 't1' })),
      askBotMock(
        'b1',
        'And contractors?',
        askBotResult({
          conversationId: 'c1',
          turnId: 't2',
          question: 'And contractors?',
          searchQuery: 'And contractors? vacation days',
          answer: 'Contractors get none [1].',
        }),
        { conversationId: 'c1' },
      ),
    ]);
    const input = await screen.findByRole('textbox', { name: 'Ask HR helper' });
    await userEvent.type(input, `${QUESTION}{Enter}`);
    await screen.findByRole('link', { name: '[1]' });
    expect(input).toHaveAttribute('placeholder', 'Ask a follow-up...');
    await userEvent.type(input, 'And contractors?{Enter}');
    const followUp = within(await screen.findByRole('article', { name: 'And contractors?' }));
    expect(await followUp.findByText(/Contractors get none/)).toBeInTheDocument();
    expect(followUp.getByText('Searched for: And contractors? vacation days')).toBeInTheDocument();
    expect(followUp.getByRole('button', { name: 'Not helpful' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'New conversation' }));
    expect(screen.queryByRole('article')).toBeNull();
  });

  it('resumes a conversation named in the URL', async () => {
    renderBotPage('/app/bots/b1?conversation=c7', [
      botMock(),
      conversationThreadMock(
        'c7',
        [serverTurn({ id: 't1', answer: 'You get 25 days of paid vacation [1].' })],
        { botId: 'b1', botName: 'HR helper' },
      ),
      askBotMock(
        'b1',
        'And contractors?',
        askBotResult({ conversationId: 'c7', turnId: 't2', question: 'And contractors?' }),
        { conversationId: 'c7' },
      ),
    ]);
    const earlier = within(await screen.findByRole('article', { name: QUESTION }));
    expect(await earlier.findByText(/You get 25 days of paid vacation/)).toBeInTheDocument();
    await userEvent.type(
      screen.getByRole('textbox', { name: 'Ask HR helper' }),
      'And contractors?{Enter}',
    );
    // The follow-up went out with the resumed conversation's id (the mock only answers that).
    const followUp = within(await screen.findByRole('article', { name: 'And contractors?' }));
    expect(await followUp.findByRole('link', { name: '[1]' })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(2);
  });

  it('shows the not-found answer without the extractive label, with what might be related', async () => {
    const notFound =
      "I couldn't find anything about this in your sources. Try other words, or check that the documents that cover it are connected and indexed.";
    renderBotPage('/app/bots/b1', [
      // A Japanese bot: neither the English label nor its translation may show.
      botMock(),
      askBotMock(
        'b1',
        QUESTION,
        askBotResult({
          conversationId: 'c3',
          turnId: 't3',
          answer: notFound,
          found: false,
          mode: 'extractive',
          sources: [],
          related: [
            {
              number: 1,
              title: 'Benefits overview',
              url: '/app/documents/d7?passage=2',
              viewerUrl: '/app/documents/d7?passage=2',
              documentId: 'd7',
              sourceKind: 'file_upload',
              sourceName: 'Handbook',
              location: 'Page 2',
              excerpt: 'Health insurance starts on day one.',
            },
          ],
        }),
      ),
    ]);
    await userEvent.type(
      await screen.findByRole('textbox', { name: 'Ask HR helper' }),
      `${QUESTION}{Enter}`,
    );
    const turn = within(await screen.findByRole('article', { name: QUESTION }));
    expect(await turn.findByRole('note')).toHaveTextContent(notFound);
    expect(turn.queryByText('ソースから抜粋 — AIモデルは使用していません')).toBeNull();
    expect(turn.queryByText(/no AI model used/)).toBeNull();
    const mightBe = within(turn.getByRole('region', { name: 'Might be related' }));
    expect(mightBe.getByRole('link', { name: 'Benefits overview' })).toHaveAttribute(
      'href',
      '/app/documents/d7?passage=2',
    );
    expect(mightBe.getByText('Page 2 · Handbook')).toBeInTheDocument();
    // Still an answer to vote on.
    expect(turn.getByRole('button', { name: 'Not helpful' })).toBeInTheDocument();
  });
});
