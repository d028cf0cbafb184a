import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storeSession } from '../../modules/auth/session-store';
import {
  answerStream,
  askAnswer,
  askSource,
  controlledSseResponse,
  jsonResponse,
  popularQuestionsMock,
  recentQuestionsMock,
  sseResponse,
} from '../../test/ask-mocks';
import { fakeToken, renderWithProviders, type RenderOptions } from '../../test/render';
import { doc, source, sourcesMock } from '../../test/sources-mocks';
import { conversationThreadMock, rateAnswerMock, serverTurn } from '../../test/conversation-mocks';
import { joinableMock } from '../../test/email-verification-mocks';
import { DashboardPage } from './DashboardPage';

const NOT_FOUND =
  "I couldn't find anything about this in your sources. Try other words, or check that the documents that cover it are connected and indexed.";

const signIn = (claims: Record<string, unknown> = {}) => storeSession(fakeToken(claims), 'refresh');

const renderPage = (mocks: RenderOptions['mocks']) =>
  renderWithProviders(<DashboardPage />, { path: '/app/dashboard', mocks });

const baseMocks = () => [
  recentQuestionsMock(['What is our refund policy?'], { maxUsageCount: 5 }),
  popularQuestionsMock(
    [
      ['How many vacation days?', 12],
      ['Who approves expenses?', 1],
    ],
    { maxUsageCount: 5 },
  ),
  sourcesMock([], { maxUsageCount: 5 }),
];

const answerPanel = () => screen.getByRole('region', { name: 'Answer' });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('DashboardPage', () => {
  it('greets the member and shows the ask box and an empty answer panel', async () => {
    signIn();
    renderPage(baseMocks());
    expect(screen.getByRole('heading', { name: 'Home', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Welcome, Ada')).toBeInTheDocument();
    const input = screen.getByPlaceholderText('Ask me anything...');
    expect(input).toHaveStyle({ height: '60px' });
    // Asking is what people come here for: the box has the focus at once.
    expect(input).toHaveFocus();
    expect(within(answerPanel()).getByText(/Ask a question above/)).toBeInTheDocument();
    expect(await screen.findByText('What is our refund policy?')).toBeInTheDocument();
  });

  it('greets without a name when the account has none', () => {
    signIn({ given_name: '' });
    renderPage(baseMocks());
    expect(screen.getByText('Welcome to Lumen')).toBeInTheDocument();
  });

  it('asks on Enter and shows the streamed answer with its source links', async () => {
    signIn();
    const user = userEvent.setup();
    const stream = controlledSseResponse();
    const fetchMock = vi.fn(async () => stream.response);
    vi.stubGlobal('fetch', fetchMock);
    const sources = [
      askSource({
        number: 1,
        title: 'Employee handbook',
        url: '/app/documents/d1?page=3&passage=4',
      }),
    ];
    const [, popular, sourcesList] = baseMocks();
    renderPage([
      recentQuestionsMock(['What is our refund policy?']),
      recentQuestionsMock(['How many vacation days?', 'What is our refund policy?']),
      popular,
      sourcesList,
    ]);

    await user.type(
      screen.getByPlaceholderText('Ask me anything...'),
      'How many vacation days?{Enter}',
    );
    expect(await within(answerPanel()).findByText('Loading...')).toBeInTheDocument();
    expect(
      JSON.parse((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].body as string),
    ).toEqual({
      question: 'How many vacation days?',
    });

    stream.send('sources', { sources, retrievalMs: 3 });
    stream.send('delta', { text: 'You get 25' });
    expect(await within(answerPanel()).findByText(/You get 25/)).toBeInTheDocument();

    stream.send('done', askAnswer({ answer: 'You get 25 days of paid vacation [1].', sources }));
    stream.close();
    const panel = answerPanel();
    expect(await within(panel).findByText(/You get 25 days of paid vacation/)).toBeInTheDocument();
    expect(within(panel).queryByText('Loading...')).toBeNull();
    expect(within(panel).getByRole('link', { name: '[1]' })).toHaveAttribute(
      'href',
      '/app/documents/d1?page=3&passage=4',
    );
    const list = within(within(panel).getByRole('region', { name: 'Sources' }));
    expect(list.getByRole('link', { name: 'Employee handbook' })).toHaveAttribute(
      'href',
      '/app/documents/d1?page=3&passage=4',
    );

    // The history lists are read again after the answer.
    const recent = screen.getByRole('region', { name: 'Your recent questions' });
    await waitFor(() =>
      expect(
        within(recent)
          .getAllByRole('button')
          .map((b) => b.textContent),
      ).toEqual(['How many vacation days?', 'What is our refund policy?']),
    );
  });

  it('also asks with the Ask button, and shows the error state', async () => {
    signIn();
    const user = userEvent.setup();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse(403, { error: 'FORBIDDEN', message: 'Not allowed to search.' }),
      ),
    );
    renderPage(baseMocks());
    await user.type(screen.getByPlaceholderText('Ask me anything...'), 'Budget?');
    await user.click(screen.getByRole('button', { name: 'Ask' }));
    expect(
      await within(answerPanel()).findByText('Error: Not allowed to search.'),
    ).toBeInTheDocument();
  });

  it('lists recent and popular questions; clicking one asks it again', async () => {
    signIn();
    const user = userEvent.setup();
    const fetchMock = vi.fn(async () => sseResponse(answerStream()));
    vi.stubGlobal('fetch', fetchMock);
    renderPage(baseMocks());

    const popular = screen.getByRole('region', { name: 'Most asked in your workspace' });
    expect(within(popular).getByText('Last 90 days')).toBeInTheDocument();
    const item = await within(popular).findByRole('button', { name: /How many vacation days\?/ });
    expect(within(item).getByLabelText('asked 12 times')).toHaveTextContent('12');
    expect(within(popular).getByLabelText('asked 1 time')).toBeInTheDocument();

    const recent = screen.getByRole('region', { name: 'Your recent questions' });
    await user.click(
      await within(recent).findByRole('button', { name: 'What is our refund policy?' }),
    );
    expect(screen.getByLabelText('Your question')).toHaveValue('What is our refund policy?');
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(
      JSON.parse((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].body as string),
    ).toEqual({
      question: 'What is our refund policy?',
    });
  });

  it('shows the sources with how much is indexed, or how to add one', async () => {
    signIn();
    renderPage([
      recentQuestionsMock([]),
      popularQuestionsMock([]),
      sourcesMock([
        source({ id: 's1', name: 'Handbook' }, [
          doc({ id: 'd1', status: 'indexed' }),
          doc({ id: 'd2', status: 'failed', fileName: 'b.pdf' }),
        ]),
      ]),
    ]);
    const sources = screen.getByRole('region', { name: 'Sources' });
    expect(await within(sources).findByRole('link', { name: 'Handbook' })).toHaveAttribute(
      'href',
      '/app/connectors',
    );
    expect(within(sources).getByText('1 of 2 documents indexed')).toBeInTheDocument();
    expect(await screen.findByText('Questions you ask show up here.')).toBeInTheDocument();
    expect(
      await screen.findByText('Nobody in your workspace has asked a question yet.'),
    ).toBeInTheDocument();
  });

  it('links to Connectors when there are no sources', async () => {
    signIn();
    renderPage(baseMocks());
    expect(await screen.findByRole('link', { name: 'Add a source' })).toHaveAttribute(
      'href',
      '/app/connectors',
    );
  });

  it('disables asking for a role without search', () => {
    signIn({ permissions: [] });
    renderPage([sourcesMock([])]);
    expect(screen.getByPlaceholderText('Ask me anything...')).toBeDisabled();
    expect(screen.getByText(/Your role cannot search this workspace/)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Your recent questions' })).toBeNull();
  });

  it('asks a follow-up in the same conversation and shows what it searched for', async () => {
    signIn();
    const user = userEvent.setup();
    const first = askAnswer({
      conversationId: 'c1',
      turnId: 't1',
      answer: 'You get 25 days of paid vacation [1].',
    });
    const second = askAnswer({
      conversationId: 'c1',
      turnId: 't2',
      question: 'And contractors?',
      searchQuery: 'And contractors? vacation days',
      answer: 'Contractors get no paid vacation [1].',
    });
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(sseResponse(answerStream(first)))
      .mockResolvedValueOnce(sseResponse(answerStream(second)));
    vi.stubGlobal('fetch', fetchMock);
    const { router } = renderPage([
      ...baseMocks(),
      // The URL names the conversation once it has one; the thread is then read from the server.
      conversationThreadMock('c1', [serverTurn({ id: 't1', answer: first.answer })], {
        maxUsageCount: 5,
      }),
    ]);
    await user.type(screen.getByLabelText('Your question'), 'How many vacation days?{Enter}');
    expect(await within(answerPanel()).findByText(/25 days of paid vacation/)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe('?conversation=c1'));
    // The box is cleared and invites a follow-up.
    const box = screen.getByLabelText('Your question');
    expect(box).toHaveValue('');
    expect(box).toHaveAttribute('placeholder', 'Ask a follow-up...');

    await user.type(box, 'And contractors?{Enter}');
    expect(await within(answerPanel()).findByText(/Contractors get no paid/)).toBeInTheDocument();
    const bodies = fetchMock.mock.calls.map((c) =>
      JSON.parse((c[1] as RequestInit).body as string),
    );
    expect(bodies).toEqual([
      { question: 'How many vacation days?' },
      { question: 'And contractors?', conversationId: 'c1' },
    ]);
    // Both turns stay on screen, the follow-up with the search it was made into.
    const turns = within(answerPanel()).getAllByRole('article');
    expect(turns.map((t) => t.getAttribute('aria-label'))).toEqual([
      'How many vacation days?',
      'And contractors?',
    ]);
    expect(
      within(turns[1]).getByText('Searched for: And contractors? vacation days'),
    ).toBeVisible();
    expect(within(turns[0]).queryByText(/Searched for/)).toBeNull();

    // A new conversation empties the panel and the URL.
    await user.click(within(answerPanel()).getByRole('button', { name: 'New conversation' }));
    expect(within(answerPanel()).getByText(/Ask a question above/)).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it('resumes a conversation from the URL and saves a down-vote with its reason', async () => {
    signIn();
    const user = userEvent.setup();
    let rated = 0;
    renderWithProviders(<DashboardPage />, {
      path: '/app/dashboard?conversation=c9',
      mocks: [
        ...baseMocks(),
        conversationThreadMock('c9', [
          serverTurn({ id: 't1', question: 'How many vacation days?' }),
          serverTurn({
            id: 't2',
            ordinal: 2,
            question: 'And for part-time staff?',
            searchQuery: 'How many vacation days do part-time staff get?',
            answer: 'Part-time staff get a prorated amount [1].',
            myRating: {
              __typename: 'AnswerRating',
              turnId: 't2',
              vote: 'UP',
              reason: null,
              comment: null,
            } as never,
          }),
        ]),
        rateAnswerMock({ turnId: 't1', vote: 'DOWN', reason: null, comment: null }),
        rateAnswerMock(
          { turnId: 't1', vote: 'DOWN', reason: 'OUTDATED', comment: 'It is 27 days now' },
          () => rated++,
        ),
      ],
    });
    const turns = await within(answerPanel()).findAllByRole('article');
    expect(turns).toHaveLength(2);
    expect(
      within(turns[1]).getByText('Searched for: How many vacation days do part-time staff get?'),
    ).toBeVisible();
    // The vote given earlier shows as pressed.
    expect(within(turns[1]).getByRole('button', { name: 'Helpful' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await user.click(within(turns[0]).getByRole('button', { name: 'Not helpful' }));
    const form = await within(turns[0]).findByRole('form', {
      name: 'What was wrong with this answer?',
    });
    await user.click(within(form).getByText('Outdated'));
    await user.type(within(form).getByLabelText('Comment (optional)'), 'It is 27 days now');
    await user.click(within(form).getByRole('button', { name: 'Send feedback' }));
    await waitFor(() => expect(rated).toBe(1));
    expect(await within(turns[0]).findByText('Thanks for your feedback')).toBeInTheDocument();
    expect(within(turns[0]).queryByRole('form')).toBeNull();
    expect(within(turns[0]).getByRole('button', { name: 'Not helpful' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('lists the cited sources, and passages it did not cite apart as related', async () => {
    signIn();
    const user = userEvent.setup();
    const answer = askAnswer({
      answer: 'You get 25 days [1].',
      sources: [askSource({ number: 1, title: 'Employee handbook' })],
      related: [askSource({ number: 2, title: 'Holiday calendar', documentId: 'd2' })],
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => sseResponse(answerStream(answer))),
    );
    renderPage(baseMocks());
    await user.type(screen.getByLabelText('Your question'), 'How many vacation days?{Enter}');
    const related = await within(answerPanel()).findByRole('region', { name: 'Related' });
    expect(within(related).getByText('Holiday calendar')).toBeInTheDocument();
    const sources = within(answerPanel()).getByRole('region', { name: 'Sources' });
    expect(within(sources).getByText('Employee handbook')).toBeInTheDocument();
    expect(within(sources).queryByText('Holiday calendar')).toBeNull();
  });

  it('shows the not-found answer plainly, with the closest passages as "Might be related"', async () => {
    signIn();
    const user = userEvent.setup();
    const stream = controlledSseResponse();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => stream.response),
    );
    const question = 'How many weeks of parental leave do we get?';
    const related = [
      askSource({ number: 1, title: 'Benefits overview', documentId: 'd7' }),
      askSource({
        number: 2,
        title: 'Holiday calendar',
        url: '/app/documents/d8?passage=2',
        documentId: 'd8',
        location: null,
        sourceName: 'HR space',
      }),
    ];
    // The turn as the server keeps it: it does not say whether it was found.
    const threadRead = vi.fn();
    const thread = conversationThreadMock('c2', [
      serverTurn({ id: 't5', question, answer: NOT_FOUND, mode: 'extractive', sources: [] }),
    ]);
    const { router } = renderPage([
      ...baseMocks(),
      {
        ...thread,
        result: () => {
          threadRead();
          return thread.result;
        },
      },
    ]);
    await user.type(screen.getByLabelText('Your question'), `${question}{Enter}`);
    // Off-topic: the early sources event lists nothing.
    stream.send('sources', { sources: [], retrievalMs: 3, searchQuery: question });
    stream.send(
      'done',
      askAnswer({
        conversationId: 'c2',
        turnId: 't5',
        question,
        searchQuery: question,
        answer: NOT_FOUND,
        found: false,
        mode: 'extractive',
        sources: [],
        related,
      }),
    );
    stream.close();

    const panel = within(answerPanel());
    expect(await panel.findByRole('note')).toHaveTextContent(NOT_FOUND);
    // The conversation is then read back from the server; the answer given here still shows.
    await waitFor(() => expect(router.state.location.search).toBe('?conversation=c2'));
    await waitFor(() => expect(threadRead).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 0));

    expect(panel.getAllByRole('article')).toHaveLength(1);
    expect(panel.getByRole('note')).toHaveTextContent(NOT_FOUND);
    expect(panel.queryByText(/Extracted from your sources/)).toBeNull();
    expect(panel.queryByRole('region', { name: 'Sources' })).toBeNull();
    expect(panel.queryByRole('region', { name: 'Related' })).toBeNull();
    const mightBe = within(panel.getByRole('region', { name: 'Might be related' }));
    expect(mightBe.getByRole('heading', { name: 'Might be related' })).toBeVisible();
    expect(mightBe.getByRole('link', { name: 'Benefits overview' })).toHaveAttribute(
      'href',
      '/app/documents/d1?page=3&passage=4',
    );
    expect(mightBe.getByRole('link', { name: 'Holiday calendar' })).toHaveAttribute(
      'href',
      '/app/documents/d8?passage=2',
    );
    expect(mightBe.getByText('HR space')).toBeInTheDocument();
  });

  it('keeps the extractive label and the sources of an answer that was found', async () => {
    signIn();
    const user = userEvent.setup();
    const answer = askAnswer({
      answer: 'Employees get 25 days of paid vacation [1].',
      found: true,
      mode: 'extractive',
      sources: [askSource({ number: 1, title: 'Employee handbook' })],
      related: [askSource({ number: 2, title: 'Holiday calendar', documentId: 'd2' })],
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => sseResponse(answerStream(answer))),
    );
    renderPage(baseMocks());
    await user.type(screen.getByLabelText('Your question'), 'How many vacation days?{Enter}');
    const panel = within(answerPanel());
    expect(
      await panel.findByText('Extracted from your sources — no AI model used'),
    ).toBeInTheDocument();
    expect(panel.queryByRole('note')).toBeNull();
    expect(
      within(panel.getByRole('region', { name: 'Sources' })).getByText('Employee handbook'),
    ).toBeInTheDocument();
    expect(
      within(panel.getByRole('region', { name: 'Related' })).getByText('Holiday calendar'),
    ).toBeInTheDocument();
    expect(panel.queryByRole('region', { name: 'Might be related' })).toBeNull();
  });

  it('offers to join the team’s workspace when the address allows it', async () => {
    signIn();
    renderPage([
      ...baseMocks(),
      joinableMock([{ id: 'w-acme', name: 'Acme', domain: 'acme.com' }]),
    ]);
    const offer = await screen.findByRole('region', { name: 'Join Acme' });
    expect(within(offer).getByRole('button', { name: 'Join Acme' })).toBeInTheDocument();
    expect(within(offer).getByRole('button', { name: 'Not now' })).toBeInTheDocument();
  });
});
