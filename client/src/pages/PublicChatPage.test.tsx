import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { eagerRoutes } from '../test/eager-routes';
import { renderRoutes } from '../test/render';
import { PublicChatPage } from './PublicChatPage';

const routes = await eagerRoutes();

const TOKEN = 'share-token-123';
const BOT = {
  name: 'HR helper',
  description: 'Answers questions about HR policies',
  language: 'en',
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const renderPage = (token = TOKEN) =>
  renderRoutes([{ path: '/chat/:token', element: <PublicChatPage /> }], `/chat/${token}`);

async function ask(question: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByRole('textbox', { name: 'Your question' }), question);
  await user.click(screen.getByRole('button', { name: 'Ask' }));
}

describe('PublicChatPage', () => {
  it("shows the bot's name and description, then answers with its sources", async () => {
    fetchMock.mockResolvedValueOnce(json(200, BOT)).mockResolvedValueOnce(
      json(200, {
        answer: 'You get 25 days of leave a year [1]. <b>Carry-over</b> is capped [2].',
        mode: 'generated',
        sources: [
          { number: 1, title: 'Employee handbook', location: 'Page 3' },
          { number: 2, title: 'Leave policy', location: null },
        ],
      }),
    );
    renderPage();
    expect(await screen.findByRole('heading', { name: 'HR helper', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Answers questions about HR policies')).toBeInTheDocument();
    expect(screen.getByText('Lumen')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith(
      `/api/public/bots/${TOKEN}`,
      expect.objectContaining({ method: 'GET' }),
    );

    await ask('How many days of leave?');
    const turn = await screen.findByRole('article', { name: 'How many days of leave?' });
    // Text, never HTML.
    expect(
      await within(turn).findByText(
        'You get 25 days of leave a year [1]. <b>Carry-over</b> is capped [2].',
      ),
    ).toBeInTheDocument();
    const sources = within(within(turn).getByRole('list', { name: 'Sources' })).getAllByRole(
      'listitem',
    );
    expect(sources.map((s) => s.textContent)).toEqual([
      'Employee handbook · Page 3',
      'Leave policy',
    ]);

    const [url, init] = fetchMock.mock.calls[1] as [string, RequestInit];
    expect(url).toBe(`/api/public/bots/${TOKEN}/ask`);
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual({ question: 'How many days of leave?' });
    expect(screen.getByRole('textbox', { name: 'Your question' })).toHaveValue('');
  });

  it('labels an answer quoted from the sources without a model', async () => {
    fetchMock
      .mockResolvedValueOnce(json(200, BOT))
      .mockResolvedValueOnce(
        json(200, { answer: 'Quoted text [1].', mode: 'extractive', sources: [] }),
      );
    renderPage();
    await ask('Leave?');
    expect(await screen.findByText('Quoted text [1].')).toBeInTheDocument();
    expect(screen.getByText('Quoted from the sources — no AI model used')).toBeInTheDocument();
  });

  it('gives the not-found answer no label', async () => {
    const notFound = "I couldn't find anything about this in your sources.";
    fetchMock
      .mockResolvedValueOnce(json(200, BOT))
      .mockResolvedValueOnce(
        json(200, { answer: notFound, found: false, mode: 'extractive', sources: [] }),
      );
    renderPage();
    await ask('Parental leave?');
    expect(await screen.findByText(notFound)).toBeInTheDocument();
    expect(screen.queryByText(/no AI model used/)).not.toBeInTheDocument();
  });

  it('labels it in the bot’s language', async () => {
    fetchMock
      .mockResolvedValueOnce(json(200, { ...BOT, language: 'es' }))
      .mockResolvedValueOnce(
        json(200, { answer: 'Texto citado [1].', mode: 'extractive', sources: [] }),
      );
    renderPage();
    await ask('¿Vacaciones?');
    expect(await screen.findByText('Texto citado [1].')).toBeInTheDocument();
    expect(
      screen.getByText('Citado de las fuentes — sin usar ningún modelo de IA'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/no AI model used/)).not.toBeInTheDocument();
  });

  it('says so when too many questions came from this address', async () => {
    fetchMock
      .mockResolvedValueOnce(json(200, BOT))
      .mockResolvedValueOnce(
        json(429, { error: 'TOO_MANY_REQUESTS', message: 'Too many questions; wait a minute.' }),
      );
    renderPage();
    await ask('Again?');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many questions from your address; wait a minute.',
    );
    // The visitor can ask again once the wait is over.
    expect(screen.getByRole('textbox', { name: 'Your question' })).toBeEnabled();
  });

  it("shows the server's message for a refused question", async () => {
    fetchMock.mockResolvedValueOnce(json(200, BOT)).mockResolvedValueOnce(
      json(400, {
        error: 'BAD_USER_INPUT',
        message: 'A question can be at most 1,000 characters.',
      }),
    );
    renderPage();
    await ask('Long?');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'A question can be at most 1,000 characters.',
    );
  });

  it('explains a link that leads nowhere', async () => {
    fetchMock.mockResolvedValueOnce(json(404, { error: 'NOT_FOUND', message: 'Not found.' }));
    renderPage('missing-token');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This chat link does not exist or the bot is private.',
    );
    expect(screen.queryByRole('textbox', { name: 'Your question' })).not.toBeInTheDocument();
  });

  it('says when the server cannot be reached', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    renderPage();
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Cannot reach Lumen.'));
  });

  it('is public: the app route table serves it without a session', async () => {
    fetchMock.mockResolvedValueOnce(json(200, BOT));
    const { router } = renderRoutes(routes, `/chat/${TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'HR helper', level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/chat/${TOKEN}`);
  });

  it('sends follow-ups in the same conversation and a vote on an answer', async () => {
    const answer = (text: string, turnId: string) =>
      json(200, { conversationId: 'c1', turnId, answer: text, mode: 'generated', sources: [] });
    fetchMock
      .mockResolvedValueOnce(json(200, BOT))
      .mockResolvedValueOnce(answer('You get 25 days [1].', 't1'))
      .mockResolvedValueOnce(answer('Contractors get none [1].', 't2'))
      .mockResolvedValueOnce(json(200, { turnId: 't2', vote: 'down' }));
    renderPage();
    await ask('How many days of leave?');
    await screen.findByText('You get 25 days [1].');
    await ask('And contractors?');
    const turn = await screen.findByRole('article', { name: 'And contractors?' });
    await within(turn).findByText('Contractors get none [1].');
    const bodies = fetchMock.mock.calls
      .slice(1, 3)
      .map((c) => JSON.parse((c[1] as RequestInit).body as string));
    expect(bodies).toEqual([
      { question: 'How many days of leave?' },
      { question: 'And contractors?', conversationId: 'c1' },
    ]);

    const user = userEvent.setup();
    await user.click(within(turn).getByRole('button', { name: 'Not helpful' }));
    expect(await within(turn).findByText('Thanks for your feedback')).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[3] as [string, RequestInit];
    expect(url).toBe(`/api/public/bots/${TOKEN}/feedback`);
    expect(JSON.parse(init.body as string)).toEqual({
      turnId: 't2',
      vote: 'down',
      reason: null,
      comment: null,
    });
  });
});
