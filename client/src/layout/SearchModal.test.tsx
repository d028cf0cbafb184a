import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { storeSession } from '../modules/auth/session-store';
import type { AskStreamState, UseAskStream } from '../modules/ask/use-ask-stream';
import type * as AskStreamModule from '../modules/ask/use-ask-stream';
import { eagerRoutes } from '../test/eager-routes';
import { askAnswer, askSource } from '../test/ask-mocks';
import { fakeToken, renderRoutes, renderWithProviders, type RenderOptions } from '../test/render';
import {
  recordSearchMock,
  searchDocumentsMock,
  searchHit,
  searchRecentsMock,
} from '../test/search-mocks';
import { SEARCH_HINT, SEARCH_PLACEHOLDER, SearchModal, searchSpotlight } from './SearchModal';

const routes = await eagerRoutes();

/** The answer stream, faked: `ask` records the call and shows `stream.next` as the answer. */
const stream = vi.hoisted(() => ({
  ask: vi.fn(),
  next: null as AskStreamState | null,
}));

vi.mock('../modules/ask/use-ask-stream', async (importOriginal) => {
  const { useCallback, useState } = await import('react');
  const original = await importOriginal<typeof AskStreamModule>();
  const idle: AskStreamState = {
    status: 'idle',
    question: '',
    answer: '',
    sources: [],
    searchQuery: null,
    result: null,
    error: null,
  };
  return {
    ...original,
    useAskStream: (): UseAskStream => {
      const [state, setState] = useState<AskStreamState>(idle);
      const ask = useCallback((question: string, integrations?: string[]) => {
        stream.ask(question, integrations);
        setState(stream.next ?? { ...idle, status: 'loading', question });
      }, []);
      const reset = useCallback(() => setState(idle), []);
      return { ...state, ask, reset };
    },
  };
});

beforeEach(() => {
  stream.ask.mockClear();
  stream.next = null;
});

const renderApp = (path = '/app/bots', mocks: RenderOptions['mocks'] = []) => {
  storeSession(fakeToken(), 'refresh');
  return renderRoutes(routes, path, mocks);
};

const pressCtrlK = () =>
  fireEvent.keyDown(document.documentElement, { key: 'k', code: 'KeyK', ctrlKey: true });

/** The modal alone, with pages where its links lead. */
const renderModal = (mocks: RenderOptions['mocks']) => {
  const result = renderWithProviders(<SearchModal />, {
    path: '/app/dashboard',
    mocks,
    routes: [
      { path: '/app/search', element: <p>Search page</p> },
      { path: '/app/documents/:id', element: <p>Document page</p> },
    ],
  });
  act(() => searchSpotlight.open());
  return result;
};

const input = () => screen.findByPlaceholderText(SEARCH_PLACEHOLDER);
const options = () => screen.getAllByRole('option');
const location = (router: { state: { location: { pathname: string; search: string } } }) =>
  router.state.location.pathname + router.state.location.search;
const closed = () =>
  waitFor(() => expect(screen.queryByPlaceholderText(SEARCH_PLACEHOLDER)).not.toBeInTheDocument());

const holidayHits = [
  searchHit(
    {
      documentId: 'd1',
      title: 'Holiday policy',
      url: '/app/documents/d1?page=2&passage=3',
      snippet: 'Every holiday must be booked two weeks ahead.',
    },
    ['holiday'],
  ),
  // A connected item: it opens in the app, at its passage, not in its tool.
  searchHit({
    documentId: 'd2',
    title: 'Team calendar',
    url: 'https://acme.atlassian.net/wiki/spaces/HR/pages/7',
    viewerUrl: '/app/documents/d2?passage=1',
    sourceName: 'HR space',
    location: null,
    snippet: 'Public holidays for 2024.',
  }),
];
const holidaySearch = (extra = {}) =>
  searchDocumentsMock('holiday', holidayHits, { first: 6, ...extra });

describe('SearchModal', () => {
  it('opens with Ctrl+K showing the hint and honest empty recent lists, and closes on Escape', async () => {
    const user = userEvent.setup();
    renderApp('/app/bots', [searchRecentsMock()]);
    expect(screen.queryByPlaceholderText(SEARCH_PLACEHOLDER)).not.toBeInTheDocument();

    pressCtrlK();
    expect(await input()).toBeInTheDocument();
    expect(screen.getByText(SEARCH_HINT)).toBeInTheDocument();
    const recent = screen.getByRole('region', { name: 'Recent searches' });
    expect(await within(recent).findByText('No recent searches yet')).toBeInTheDocument();
    const viewed = screen.getByRole('region', { name: 'Recently viewed' });
    expect(within(viewed).getByText('Nothing viewed yet')).toBeInTheDocument();
    expect(screen.queryByRole('option')).not.toBeInTheDocument();

    await user.keyboard('{Escape}');
    await closed();
  });

  it('opens from the top bar search box, which shows the shortcut', async () => {
    const user = userEvent.setup();
    renderApp('/app/bots', [searchRecentsMock()]);
    const box = screen.getByRole('button', { name: /Search your sources.*Cmd\+K/ });
    expect(box).toHaveTextContent(/Ctrl\+K|⌘K/);
    await user.click(box);
    expect(await input()).toBeInTheDocument();
  });

  it('takes plain text to the search page on Enter and records the search', async () => {
    const user = userEvent.setup();
    const recorded = vi.fn();
    const { router } = renderApp('/app/bots', [
      searchRecentsMock(),
      recordSearchMock('holiday policy', recorded),
      searchDocumentsMock('holiday policy', [], { maxUsageCount: 2 }),
      searchDocumentsMock('holiday policy', [], { first: 6 }),
    ]);
    pressCtrlK();
    await user.type(await input(), 'holiday policy{Enter}');

    await waitFor(() => expect(router.state.location.pathname).toBe('/app/search'));
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('holiday policy');
    // A keyword search from the modal is not asked as a question.
    expect(new URLSearchParams(router.state.location.search).get('mode')).toBe('keywords');
    expect(stream.ask).not.toHaveBeenCalled();
    expect(await screen.findByLabelText('Ask Lumen')).toHaveValue('holiday policy');
    await closed();
    await waitFor(() => expect(recorded).toHaveBeenCalledTimes(1));
  });

  it('stays put when Enter is pressed with nothing typed', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/app/bots', [searchRecentsMock()]);
    pressCtrlK();
    await user.type(await input(), '   {Enter}');
    expect(router.state.location.pathname).toBe('/app/bots');
    expect(screen.getByPlaceholderText(SEARCH_PLACEHOLDER)).toBeInTheDocument();
    expect(stream.ask).not.toHaveBeenCalled();
  });

  it('lists matching documents as you type, with the matched words marked', async () => {
    const user = userEvent.setup();
    renderModal([searchRecentsMock(), holidaySearch()]);
    await user.type(await input(), 'holiday');

    const results = await screen.findByRole('listbox', { name: 'Search results' });
    expect(await within(results).findByText('Holiday policy')).toBeInTheDocument();
    const [first, second, all] = options();
    expect(within(first).getByText('Page 3 · Handbook')).toBeInTheDocument();
    expect(first.querySelector('mark')).toHaveTextContent('holiday');
    expect(first).toHaveTextContent('Every holiday must be booked two weeks ahead.');
    expect(within(second).getByText('HR space')).toBeInTheDocument();
    expect(second.querySelector('mark')).toBeNull();
    expect(all).toHaveTextContent('See all results for “holiday”');
    expect(screen.queryByText('Press Enter to get an answer')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Recent searches' })).not.toBeInTheDocument();
  });

  it('says when nothing matches, still offering the search page', async () => {
    const user = userEvent.setup();
    renderModal([searchRecentsMock(), searchDocumentsMock('zebra', [], { first: 6 })]);
    await user.type(await input(), 'zebra');
    expect(await screen.findByText('No documents match “zebra”')).toBeInTheDocument();
    expect(options()).toHaveLength(1);
  });

  it('moves through the hits with the arrow keys and opens the active one on Enter', async () => {
    const user = userEvent.setup();
    const recorded = vi.fn();
    const { router } = renderModal([
      searchRecentsMock(),
      holidaySearch(),
      recordSearchMock('holiday', recorded),
    ]);
    const box = await input();
    await user.type(box, 'holiday');
    await screen.findByText('Holiday policy');
    expect(box).toHaveAttribute('role', 'combobox');
    expect(box).not.toHaveAttribute('aria-activedescendant');
    expect(box.getAttribute('aria-controls')).toBe(
      screen.getByRole('listbox', { name: 'Search results' }).id,
    );

    const active = () => options().filter((o) => o.getAttribute('aria-selected') === 'true');
    await user.keyboard('{ArrowDown}');
    expect(active()).toEqual([options()[0]]);
    expect(box).toHaveAttribute('aria-activedescendant', options()[0].id);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(active()).toEqual([options()[2]]);
    await user.keyboard('{ArrowDown}');
    expect(active()).toEqual([options()[0]]);
    await user.keyboard('{ArrowUp}');
    expect(active()).toEqual([options()[2]]);
    await user.keyboard('{ArrowUp}');
    expect(box).toHaveAttribute('aria-activedescendant', options()[1].id);

    await user.keyboard('{Enter}');
    await waitFor(() => expect(location(router)).toBe('/app/documents/d2?passage=1'));
    expect(screen.getByText('Document page')).toBeInTheDocument();
    await closed();
    await waitFor(() => expect(recorded).toHaveBeenCalledTimes(1));
  });

  it('opens a hit when it is clicked', async () => {
    const user = userEvent.setup();
    const { router } = renderModal([
      searchRecentsMock(),
      holidaySearch(),
      recordSearchMock('holiday'),
    ]);
    await user.type(await input(), 'holiday');
    await user.click(await screen.findByText('Holiday policy'));
    await waitFor(() => expect(location(router)).toBe('/app/documents/d1?page=2&passage=3'));
    await closed();
  });

  it('generates an answer in the modal for text ending in a question mark', async () => {
    const user = userEvent.setup();
    const question = 'how many vacation days?';
    stream.next = {
      status: 'succeeded',
      question,
      answer: 'You get 25 days [1].',
      sources: [askSource()],
      searchQuery: question,
      result: askAnswer({ question }),
      error: null,
    };
    const { router } = renderModal([
      searchRecentsMock(),
      searchDocumentsMock(question, [], { first: 6 }),
    ]);
    const box = await input();
    await user.type(box, question);
    const row = screen.getByRole('option', { name: /Press Enter to get an answer/ });
    expect(row).toHaveTextContent(question);
    expect(screen.getByText('to get an answer')).toBeInTheDocument();

    await user.keyboard('{Enter}');
    expect(stream.ask).toHaveBeenCalledWith(question, undefined);
    const answer = await screen.findByRole('region', { name: 'Answer' });
    expect(within(answer).getByText(/You get 25 days/)).toBeInTheDocument();
    expect(within(answer).getByRole('link', { name: '[1]' })).toHaveAttribute(
      'href',
      '/app/documents/d1?page=3&passage=4',
    );
    expect(within(answer).getByRole('link', { name: 'Employee handbook' })).toBeInTheDocument();
    expect(screen.queryByText('Press Enter to get an answer')).not.toBeInTheDocument();

    // Opening a source leaves the modal.
    await user.click(within(answer).getByRole('link', { name: 'Employee handbook' }));
    await waitFor(() => expect(location(router)).toBe('/app/documents/d1?page=3&passage=4'));
    await closed();
  });

  it('shows the not-found answer in the modal with what might be related', async () => {
    const user = userEvent.setup();
    const question = 'how many weeks of parental leave?';
    const notFound = "I couldn't find anything about this in your sources.";
    stream.next = {
      status: 'succeeded',
      question,
      answer: notFound,
      sources: [],
      searchQuery: question,
      result: askAnswer({
        question,
        answer: notFound,
        found: false,
        mode: 'extractive',
        sources: [],
        related: [askSource({ number: 1, title: 'Benefits overview' })],
      }),
      error: null,
    };
    renderModal([searchRecentsMock(), searchDocumentsMock(question, [], { first: 6 })]);
    await user.type(await input(), question);
    await user.keyboard('{Enter}');
    const answer = await screen.findByRole('region', { name: 'Answer' });
    expect(within(answer).getByRole('note')).toHaveTextContent(notFound);
    expect(within(answer).queryByText(/no AI model used/)).toBeNull();
    const mightBe = within(answer).getByRole('region', { name: 'Might be related' });
    expect(within(mightBe).getByRole('link', { name: 'Benefits overview' })).toHaveAttribute(
      'href',
      '/app/documents/d1?page=3&passage=4',
    );
    expect(within(mightBe).getByText('Page 3 · Handbook')).toBeInTheDocument();
  });

  it('drops the answer when the question is edited', async () => {
    const user = userEvent.setup();
    renderModal([searchRecentsMock()]);
    const box = await input();
    await user.type(box, 'why?');
    await user.keyboard('{Enter}');
    const answer = await screen.findByRole('region', { name: 'Answer' });
    expect(within(answer).getByText('Loading...')).toBeInTheDocument();
    await user.type(box, '!');
    expect(screen.queryByRole('region', { name: 'Answer' })).not.toBeInTheDocument();
  });

  it('lists recent searches and recently viewed documents, and runs a recent search', async () => {
    const user = userEvent.setup();
    const recorded = vi.fn();
    const { router } = renderModal([
      searchRecentsMock(
        [{ question: 'holiday policy' }, { question: 'How many vacation days?', kind: 'ask' }],
        [{ id: 'd7', title: 'Expense rules', fileName: 'expenses.pdf' }],
      ),
      recordSearchMock('holiday policy', recorded),
    ]);
    await input();
    const recent = screen.getByRole('region', { name: 'Recent searches' });
    const recentOptions = await within(recent).findAllByRole('option');
    expect(recentOptions.map((o) => o.textContent)).toEqual([
      'holiday policy',
      'How many vacation days?',
    ]);
    const viewed = screen.getByRole('region', { name: 'Recently viewed' });
    expect(within(viewed).getByRole('option')).toHaveTextContent('Expense rulesexpenses.pdf');

    await user.click(recentOptions[0]);
    await waitFor(() =>
      expect(location(router)).toBe('/app/search?q=holiday%20policy&mode=keywords'),
    );
    await closed();
    await waitFor(() => expect(recorded).toHaveBeenCalledTimes(1));
  });

  it('asks a recent question again in place', async () => {
    const user = userEvent.setup();
    renderModal([
      searchRecentsMock([{ question: 'How many vacation days?', kind: 'ask' }]),
      searchDocumentsMock('How many vacation days?', [], { first: 6 }),
    ]);
    await user.click(await screen.findByRole('option', { name: 'How many vacation days?' }));
    expect(stream.ask).toHaveBeenCalledWith('How many vacation days?', undefined);
    expect(await input()).toHaveValue('How many vacation days?');
    expect(await screen.findByRole('region', { name: 'Answer' })).toBeInTheDocument();
  });

  it('moves from recent searches into recently viewed with the keyboard and opens a document', async () => {
    const user = userEvent.setup();
    const { router } = renderModal([
      searchRecentsMock(
        [{ question: 'holiday policy' }],
        [
          { id: 'd7', title: 'Expense rules' },
          { id: 'd8', title: 'Travel guide' },
        ],
      ),
    ]);
    const box = await input();
    await screen.findByRole('option', { name: 'Travel guide Travel guide.pdf' });
    await user.click(box);
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(box).toHaveAttribute(
      'aria-activedescendant',
      screen.getByRole('option', { name: /Travel guide/ }).id,
    );
    expect(screen.getByRole('option', { name: /Travel guide/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await user.keyboard('{Enter}');
    await waitFor(() => expect(location(router)).toBe('/app/documents/d8'));
    await closed();
  });
});
