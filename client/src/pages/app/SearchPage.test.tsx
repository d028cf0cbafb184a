import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { UseAskStream } from '../../modules/ask/use-ask-stream';
import type * as AskStreamModule from '../../modules/ask/use-ask-stream';
import { askAnswer, askSource } from '../../test/ask-mocks';
import { renderWithProviders, type RenderOptions } from '../../test/render';
import {
  recordSearchMock,
  searchDocumentsErrorMock,
  searchDocumentsMock,
  searchHit,
  sourceKindsMock,
} from '../../test/search-mocks';
import { ANSWER_REUSE_MS } from '../../modules/search/answered-searches';
import { SearchPage } from './SearchPage';

const stream = vi.hoisted(() => ({
  ask: vi.fn(),
  reset: vi.fn(),
  /** What the page hears when an answer is done (the test plays the server). */
  onDone: undefined as ((result: AskStreamModule.AskAnswer) => void) | undefined,
  state: {} as Partial<UseAskStream> & { searchQuery?: string | null },
}));

vi.mock('../../modules/ask/use-ask-stream', async (importOriginal) => ({
  ...(await importOriginal<typeof AskStreamModule>()),
  useAskStream: (options?: AskStreamModule.AskStreamOptions): UseAskStream => {
    stream.onDone = options?.onDone;
    return {
      status: 'idle',
      question: '',
      answer: '',
      sources: [],
      result: null,
      error: null,
      ask: stream.ask,
      reset: stream.reset,
      ...stream.state,
      searchQuery: stream.state.searchQuery ?? null,
    };
  },
}));

const QUERY = 'vacation policy';
const NOT_FOUND =
  "I couldn't find anything about this in your sources. Try other words, or check that the documents that cover it are connected and indexed.";
const answered = (): Partial<UseAskStream> => {
  const result = askAnswer({
    question: QUERY,
    answer: 'You get 25 days [1] and may carry 5 over [2].',
    sources: [askSource(), askSource({ number: 2, title: 'Carry-over rules', documentId: 'd2' })],
  });
  return {
    status: 'succeeded',
    question: QUERY,
    answer: result.answer,
    sources: result.sources,
    result,
  };
};

const EVERY_KIND = ['confluence', 'jira', 'google_docs', 'github', 'file_upload'];
/** The page, in a workspace with these kinds of source (every kind unless told). */
const renderPage = (
  path: string,
  mocks: RenderOptions['mocks'],
  kinds: string[] | Error = EVERY_KIND,
) =>
  renderWithProviders(<SearchPage />, { path, mocks: [...(mocks ?? []), sourceKindsMock(kinds)] });

const related = () => screen.getByRole('region', { name: 'Related documents' });
const resultBlock = () => screen.getByRole('region', { name: 'Search result' });

beforeEach(() => {
  stream.ask.mockClear();
  stream.reset.mockClear();
  stream.state = {};
});

describe('SearchPage', () => {
  it('shows the query, the suggested answer with source chips and the matching documents', async () => {
    stream.state = answered();
    const handbook = searchHit({}, ['vacation']);
    const carryOver = searchHit(
      {
        documentId: 'd2',
        title: 'Carry-over rules',
        url: '/app/documents/d2?passage=1',
        sourceKind: 'confluence',
        sourceName: 'HR space',
        author: null,
        location: null,
        snippet: 'Unused vacation days carry over; the policy caps them at 5.',
      },
      ['vacation', 'policy'],
    );
    renderPage('/app/search?q=vacation%20policy', [
      searchDocumentsMock(QUERY, [handbook, carryOver]),
    ]);

    expect(screen.getByLabelText('Ask Lumen')).toHaveValue(QUERY);
    const block = resultBlock();
    expect(within(block).getByRole('heading', { name: QUERY, level: 3 })).toBeInTheDocument();
    expect(within(block).getByRole('heading', { name: 'Suggested Answer' })).toBeInTheDocument();
    expect(within(block).getByText(/You get 25 days/)).toBeInTheDocument();
    expect(within(block).getByRole('heading', { name: 'Sources' })).toBeInTheDocument();
    expect(within(block).getByRole('link', { name: /Carry-over rules/ })).toHaveAttribute(
      'href',
      '/app/documents/d2?page=3&passage=5',
    );
    expect(stream.ask).toHaveBeenCalledWith(QUERY, undefined, null);

    const cards = await within(related()).findAllByRole('article');
    expect(cards.map((c) => c.getAttribute('aria-label'))).toEqual([
      'Employee handbook',
      'Carry-over rules',
    ]);
    const first = within(cards[0]);
    expect(first.getByRole('link', { name: 'Employee handbook' })).toHaveAttribute(
      'href',
      '/app/documents/d1?page=3&passage=4',
    );
    expect(first.getByRole('link', { name: 'Open Employee handbook' })).toHaveAttribute(
      'href',
      '/app/documents/d1?page=3&passage=4',
    );
    const date = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(
      new Date('2024-03-01T12:00:00.000Z'),
    );
    expect(first.getByText(date).tagName).toBe('TIME');
    expect(first.getByText('By Ada Lovelace')).toBeInTheDocument();
    expect(first.getByText('Handbook')).toBeInTheDocument();
    expect(first.getByText('Page 3')).toBeInTheDocument();
    expect(first.getByText('Uploaded file')).toBeInTheDocument();
    expect(cards[0].querySelectorAll('mark')).toHaveLength(1);
    expect(cards[0].querySelector('mark')).toHaveTextContent('vacation');

    const second = cards[1];
    expect(within(second).queryByText(/^By /)).not.toBeInTheDocument();
    expect(within(second).getByText('Confluence')).toBeInTheDocument();
    expect([...second.querySelectorAll('mark')].map((m) => m.textContent)).toEqual([
      'vacation',
      'policy',
    ]);
    expect(second.querySelector('p:has(mark)')).toHaveTextContent(
      'Unused vacation days carry over; the policy caps them at 5.',
    );
  });

  it('shows markup from a document as text, never as HTML', async () => {
    const snippet = 'Never paste <script>alert("x")</script> into <b>pages</b>.';
    renderPage('/app/search?q=script', [
      searchDocumentsMock('script', [
        searchHit({ title: '<img src=x onerror=alert(1)>', snippet }, ['script']),
      ]),
    ]);
    const card = await within(related()).findByRole('article');
    expect(card.querySelector('script, img, b')).toBeNull();
    expect(within(card).getByText('<img src=x onerror=alert(1)>')).toBeInTheDocument();
    expect(card.querySelector('p:has(mark)')).toHaveTextContent(snippet);
    expect(card.querySelector('mark')).toHaveTextContent('script');
  });

  it('re-runs the answer and the documents when a source is ticked, keeping it in the URL', async () => {
    const user = userEvent.setup();
    const { router } = renderPage('/app/search?q=vacation%20policy', [
      searchDocumentsMock(QUERY, [searchHit({ title: 'Employee handbook' })]),
      searchDocumentsMock(
        QUERY,
        [searchHit({ title: 'JIRA-12 vacation bug', sourceKind: 'jira' })],
        {
          integrations: ['jira'],
        },
      ),
    ]);
    expect(await within(related()).findByText('Employee handbook')).toBeInTheDocument();
    expect(stream.ask).toHaveBeenLastCalledWith(QUERY, undefined, null);

    const filters = screen.getByRole('complementary', { name: 'Filter results' });
    expect(within(filters).getByText('Filter results by:')).toBeInTheDocument();
    await within(filters).findByRole('checkbox', { name: 'Jira' });
    expect(
      within(filters)
        .getAllByRole('checkbox')
        .map((box) => box.getAttribute('value')),
    ).toEqual(['confluence', 'jira', 'google_docs', 'github', 'file_upload']);
    await user.click(within(filters).getByRole('checkbox', { name: 'Jira' }));

    expect(await within(related()).findByText('JIRA-12 vacation bug')).toBeInTheDocument();
    expect(stream.ask).toHaveBeenLastCalledWith(QUERY, ['jira'], null);
    expect(new URLSearchParams(router.state.location.search).get('sources')).toBe('jira');
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe(QUERY);
    expect(within(filters).getByRole('checkbox', { name: 'Jira' })).toBeChecked();
  });

  it('reads ticked sources from ?sources=', async () => {
    renderPage('/app/search?q=vacation%20policy&sources=google_docs,nope,confluence', [
      searchDocumentsMock(QUERY, [searchHit({ title: 'Leave planning' })], {
        integrations: ['confluence', 'google_docs'],
      }),
    ]);
    expect(await within(related()).findByText('Leave planning')).toBeInTheDocument();
    expect(stream.ask).toHaveBeenCalledWith(QUERY, ['confluence', 'google_docs'], null);
    expect(await screen.findByRole('checkbox', { name: 'Confluence' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Google Drive' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Jira' })).not.toBeChecked();
  });

  it('lists only the kinds of source the workspace has, and any the link ticks', async () => {
    const user = userEvent.setup();
    const { router } = renderPage(
      '/app/search?q=vacation%20policy&sources=github',
      [
        searchDocumentsMock(QUERY, [], { integrations: ['github'] }),
        searchDocumentsMock(QUERY, [searchHit({ title: 'Leave planning' })]),
      ],
      ['jira', 'file_upload', 'jira'],
    );
    const filters = screen.getByRole('complementary', { name: 'Filter results' });
    await within(filters).findByRole('checkbox', { name: 'Jira' });
    // GitHub is gone from the workspace, but the link ticks it: it stays, to be unticked.
    expect(
      within(filters)
        .getAllByRole('checkbox')
        .map((box) => box.getAttribute('value')),
    ).toEqual(['jira', 'github', 'file_upload']);
    await user.click(within(filters).getByRole('checkbox', { name: 'GitHub' }));
    expect(await within(related()).findByText('Leave planning')).toBeInTheDocument();
    expect(new URLSearchParams(router.state.location.search).get('sources')).toBeNull();
    expect(stream.ask).toHaveBeenLastCalledWith(QUERY, undefined, null);
  });

  it('without any source, says so and links to Connectors instead of empty boxes', async () => {
    renderPage('/app/search?q=vacation%20policy', [searchDocumentsMock(QUERY, [])], []);
    const filters = screen.getByRole('complementary', { name: 'Filter results' });
    expect(await within(filters).findByText(/No sources connected yet/)).toBeInTheDocument();
    expect(
      within(filters).getByRole('link', { name: 'Connect a tool or upload files' }),
    ).toHaveAttribute('href', '/app/connectors');
    expect(within(filters).queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('with only uploads, offers them and a way to connect a tool', async () => {
    renderPage(
      '/app/search?q=vacation%20policy',
      [searchDocumentsMock(QUERY, [])],
      ['file_upload'],
    );
    const filters = screen.getByRole('complementary', { name: 'Filter results' });
    expect(await within(filters).findByRole('checkbox', { name: 'Uploaded files' })).toBeVisible();
    expect(within(filters).getAllByRole('checkbox')).toHaveLength(1);
    expect(within(filters).getByRole('link', { name: 'Connect a tool' })).toHaveAttribute(
      'href',
      '/app/connectors',
    );
  });

  it('offers every kind when the workspace’s kinds cannot be read', async () => {
    renderPage(
      '/app/search?q=vacation%20policy',
      [searchDocumentsMock(QUERY, [])],
      new Error('offline'),
    );
    const filters = screen.getByRole('complementary', { name: 'Filter results' });
    await within(filters).findByRole('checkbox', { name: 'Jira' });
    expect(within(filters).getAllByRole('checkbox')).toHaveLength(5);
  });

  it('shows Loading... while the answer and the documents are on their way', async () => {
    stream.state = { status: 'loading', question: QUERY };
    renderPage('/app/search?q=vacation%20policy', [
      searchDocumentsMock(QUERY, [searchHit()], { delay: 200 }),
    ]);
    expect(within(resultBlock()).getByText('Loading...')).toBeInTheDocument();
    expect(within(related()).getByText('Loading...')).toBeInTheDocument();
    expect(await within(related()).findByRole('article')).toBeInTheDocument();
  });

  it('streams the answer as it arrives', () => {
    stream.state = { status: 'loading', question: QUERY, answer: 'You get 25', sources: [] };
    renderPage('/app/search?q=vacation%20policy', [searchDocumentsMock(QUERY, [])]);
    const block = resultBlock();
    expect(within(block).getByText('You get 25')).toHaveAttribute('aria-busy', 'true');
    expect(within(block).queryByText('Loading...')).not.toBeInTheDocument();
  });

  it("shows 'Error: {message}' when the search or the answer fails", async () => {
    stream.state = {
      status: 'failed',
      question: QUERY,
      error: 'Failed to fetch search results',
    };
    renderPage('/app/search?q=vacation%20policy', [
      searchDocumentsErrorMock(QUERY, 'A search can be at most 1,000 characters.'),
    ]);
    expect(
      within(resultBlock()).getByText('Error: Failed to fetch search results'),
    ).toBeInTheDocument();
    expect(
      await within(related()).findByText('Error: A search can be at most 1,000 characters.'),
    ).toBeInTheDocument();
  });

  it('says when no document matches', async () => {
    stream.state = { ...answered(), sources: [], answer: 'Nothing in your sources answers this.' };
    renderPage('/app/search?q=zebra', [searchDocumentsMock('zebra', [])]);
    expect(await within(related()).findByText('No documents match “zebra”')).toBeInTheDocument();
    expect(within(resultBlock()).getByText('No sources were cited.')).toBeInTheDocument();
  });

  it('runs and records a search submitted with Enter, once per query', async () => {
    const user = userEvent.setup();
    const recorded = vi.fn();
    const { router } = renderPage('/app/search', [
      searchDocumentsMock('holiday', [searchHit({ title: 'Holiday calendar' })], {
        maxUsageCount: 2,
      }),
      recordSearchMock('holiday', recorded),
    ]);
    expect(screen.getByText('Ask a question or search your sources')).toBeInTheDocument();
    expect(stream.ask).not.toHaveBeenCalled();

    const box = screen.getByLabelText('Ask Lumen');
    await user.type(box, '  holiday {Enter}');
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).get('q')).toBe('holiday'),
    );
    expect(await within(related()).findByText('Holiday calendar')).toBeInTheDocument();
    expect(stream.ask).toHaveBeenLastCalledWith('holiday', undefined, null);
    await waitFor(() => expect(recorded).toHaveBeenCalledTimes(1));

    // The same query again runs again but is not recorded twice.
    stream.ask.mockClear();
    await user.type(box, '{Enter}');
    await waitFor(() => expect(stream.ask).toHaveBeenCalledWith('holiday', undefined, null));
    expect(recorded).toHaveBeenCalledTimes(1);
  });

  it('asks the next query as a follow-up, keeping the earlier answer above', async () => {
    const user = userEvent.setup();
    const { router } = renderPage(`/app/search?q=${encodeURIComponent(QUERY)}`, [
      searchDocumentsMock(QUERY, []),
      searchDocumentsMock('and contractors?', []),
      recordSearchMock('and contractors?'),
    ]);
    await waitFor(() => expect(stream.ask).toHaveBeenCalledWith(QUERY, undefined, null));
    // The server answers: the first answer starts conversation c1.
    act(() =>
      stream.onDone!(
        askAnswer({ question: QUERY, conversationId: 'c1', turnId: 't1', answer: 'Earlier [1].' }),
      ),
    );
    const box = screen.getByLabelText('Ask Lumen');
    await user.clear(box);
    await user.type(box, 'and contractors?{Enter}');
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).get('q')).toBe('and contractors?'),
    );
    expect(stream.ask).toHaveBeenLastCalledWith('and contractors?', undefined, 'c1');
    const earlier = screen.getByRole('region', { name: 'Earlier in this conversation' });
    expect(within(earlier).getByText(QUERY)).toBeInTheDocument();
    expect(within(earlier).getByRole('button', { name: 'Helpful' })).toBeInTheDocument();

    // A new conversation asks the same query again without the thread.
    await user.click(within(earlier).getByRole('button', { name: 'New conversation' }));
    await waitFor(() =>
      expect(stream.ask).toHaveBeenLastCalledWith('and contractors?', undefined, null),
    );
    expect(screen.queryByRole('region', { name: 'Earlier in this conversation' })).toBeNull();
  });

  it('shows the answer again on a reload or back instead of asking (and counting) again', async () => {
    stream.state = answered();
    const path = `/app/search?q=${encodeURIComponent(QUERY)}`;
    const first = renderPage(path, [searchDocumentsMock(QUERY, [])]);
    await waitFor(() => expect(stream.ask).toHaveBeenCalledTimes(1));
    first.unmount();

    // The same URL again, in the same tab: the kept answer, and nothing asked.
    stream.ask.mockClear();
    stream.state = {};
    const user = userEvent.setup();
    renderPage(path, [searchDocumentsMock(QUERY, [], { maxUsageCount: 2 })]);
    expect(
      await within(resultBlock()).findByText(/You get 25 days/, { exact: false }),
    ).toBeInTheDocument();
    expect(within(resultBlock()).getByText('Carry-over rules')).toBeInTheDocument();
    expect(stream.ask).not.toHaveBeenCalled();
    expect(document.title).toBe(`${QUERY} · Search · Lumen`);

    // Submitting it on purpose asks again.
    await user.type(screen.getByLabelText('Ask Lumen'), '{Enter}');
    await waitFor(() => expect(stream.ask).toHaveBeenCalledWith(QUERY, undefined, null));
  });

  it('asks again once the kept answer is old, or for other sources', async () => {
    stream.state = answered();
    const path = `/app/search?q=${encodeURIComponent(QUERY)}`;
    renderPage(path, [searchDocumentsMock(QUERY, [])]).unmount();
    expect(stream.ask).toHaveBeenCalledTimes(1);
    stream.state = {};

    // Other ticked sources are another search.
    renderPage(`${path}&sources=jira`, [
      searchDocumentsMock(QUERY, [], { integrations: ['jira'] }),
    ]).unmount();
    expect(stream.ask).toHaveBeenCalledTimes(2);
    expect(stream.ask).toHaveBeenLastCalledWith(QUERY, ['jira'], null);

    // Half an hour on, the same URL is asked again.
    const later = Date.now() + ANSWER_REUSE_MS + 1000;
    const now = vi.spyOn(Date, 'now').mockReturnValue(later);
    try {
      renderPage(path, [searchDocumentsMock(QUERY, [])]);
      await waitFor(() => expect(stream.ask).toHaveBeenCalledTimes(3));
    } finally {
      now.mockRestore();
    }
  });

  it('lists documents without asking for a keyword search, until an answer is asked for', async () => {
    const user = userEvent.setup();
    const { router } = renderPage(`/app/search?q=${encodeURIComponent(QUERY)}&mode=keywords`, [
      searchDocumentsMock(QUERY, [searchHit({ title: 'Vacation policy 2024' })], {
        maxUsageCount: 2,
      }),
    ]);
    expect(await within(related()).findByText('Vacation policy 2024')).toBeInTheDocument();
    expect(screen.getByText(/A keyword search/)).toBeInTheDocument();
    expect(screen.queryByText('Suggested Answer')).toBeNull();
    expect(stream.ask).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Get an answer' }));
    await waitFor(() => expect(stream.ask).toHaveBeenCalledWith(QUERY, undefined, null));
    expect(new URLSearchParams(router.state.location.search).get('mode')).toBeNull();
  });

  it('shows the not-found answer without the extractive label, and what might be related', async () => {
    const result = askAnswer({
      question: QUERY,
      answer: NOT_FOUND,
      found: false,
      mode: 'extractive',
      sources: [],
      related: [
        askSource({ number: 1, title: 'Benefits overview' }),
        askSource({ number: 2, title: 'Carry-over rules', documentId: 'd2', location: null }),
      ],
    });
    stream.state = { status: 'succeeded', question: QUERY, answer: NOT_FOUND, sources: [], result };
    renderPage('/app/search?q=vacation%20policy', [searchDocumentsMock(QUERY, [])]);

    const block = within(resultBlock());
    expect(block.getByRole('note')).toHaveTextContent(NOT_FOUND);
    expect(block.queryByText(/Extracted from your sources/)).toBeNull();
    expect(block.queryByRole('heading', { name: 'Sources' })).toBeNull();
    expect(block.queryByText('No sources were cited.')).toBeNull();
    expect(block.queryByRole('region', { name: 'Related' })).toBeNull();
    const mightBe = within(block.getByRole('region', { name: 'Might be related' }));
    expect(mightBe.getByRole('heading', { name: 'Might be related', level: 4 })).toBeVisible();
    expect(mightBe.getByRole('link', { name: 'Benefits overview' })).toHaveAttribute(
      'href',
      '/app/documents/d1?page=3&passage=4',
    );
    expect(mightBe.getByRole('link', { name: 'Carry-over rules' })).toBeInTheDocument();
    expect(await within(related()).findByText(/No documents match/)).toBeInTheDocument();
  });

  it('keeps the extractive label, the source chips and the related chips of a found answer', () => {
    const result = askAnswer({
      question: QUERY,
      answer: 'You get 25 days [1].',
      found: true,
      mode: 'extractive',
      sources: [askSource()],
      related: [askSource({ number: 2, title: 'Carry-over rules', documentId: 'd2' })],
    });
    stream.state = {
      status: 'succeeded',
      question: QUERY,
      answer: result.answer,
      sources: result.sources,
      result,
    };
    renderPage('/app/search?q=vacation%20policy', [searchDocumentsMock(QUERY, [])]);

    const block = within(resultBlock());
    expect(block.getByText('Extracted from your sources — no AI model used')).toBeInTheDocument();
    expect(block.getByRole('heading', { name: 'Sources' })).toBeInTheDocument();
    expect(
      within(block.getByRole('region', { name: 'Related' })).getByText('Carry-over rules'),
    ).toBeInTheDocument();
    expect(block.queryByRole('region', { name: 'Might be related' })).toBeNull();
    expect(block.queryByRole('note')).toBeNull();
  });
});
