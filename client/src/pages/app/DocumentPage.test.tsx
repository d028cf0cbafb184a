import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { GraphQLError } from 'graphql';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DocumentContentDocument,
  RecordDocumentViewDocument,
  type DocumentContentQuery,
} from '../../modules/ask/graphql/ask.generated';
import { fakeToken, renderRoutes, type RenderOptions } from '../../test/render';
import { DocumentPage } from './DocumentPage';

type Passage = DocumentContentQuery['documentContent']['passages'][number];

const passage = (
  ordinal: number,
  page: number,
  text: string,
): Passage & { __typename: 'DocumentPassage' } => ({
  __typename: 'DocumentPassage',
  ordinal,
  location: `Page ${page}`,
  locationKind: 'page',
  locationIndex: page,
  text,
});

const PASSAGES = [
  passage(0, 1, 'Welcome to the company.'),
  passage(1, 1, 'Our values.'),
  passage(2, 2, 'Vacation: 25 days <script>alert(1)</script>'),
  passage(3, 3, 'Expenses need a receipt.'),
  passage(4, 3, 'Dinners up to $75 are approved.'),
];

type ContentDocument = DocumentContentQuery['documentContent']['document'];

function contentMock(
  id: string,
  passages = PASSAGES,
  {
    sourceKind = 'file_upload',
    ...document
  }: Partial<ContentDocument> & { sourceKind?: string } = {},
) {
  return {
    request: { query: DocumentContentDocument, variables: { id } },
    result: {
      data: {
        documentContent: {
          __typename: 'DocumentContent',
          sourceName: 'HR files',
          sourceKind,
          document: {
            __typename: 'Document',
            id,
            title: 'Employee handbook',
            fileName: 'handbook.pdf',
            fileType: 'application/pdf',
            fileSize: 24_576,
            webUrl: null,
            hasFile: true,
            status: 'indexed',
            createdAt: '2024-03-01T12:00:00.000Z',
            updatedAt: '2024-03-01T12:00:00.000Z',
            ...document,
          },
          passages,
        },
      },
    },
  };
}

function viewMock(id: string, onCall: () => void) {
  return {
    request: { query: RecordDocumentViewDocument, variables: { id } },
    result: () => {
      onCall();
      return { data: { recordDocumentView: true } };
    },
    maxUsageCount: 5,
  };
}

function renderPage(path: string, mocks: RenderOptions['mocks']) {
  return renderRoutes(
    [
      { path: '/app/documents/:documentId', element: <DocumentPage /> },
      { path: '/app/dashboard', element: <p>Home page</p> },
    ],
    path,
    mocks,
  );
}

const cited = () => document.querySelector('[aria-current="true"]');

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  notifications.clean();
});

describe('DocumentPage', () => {
  it('shows the document and its passages under their pages, and records the view once', async () => {
    const onView = vi.fn();
    renderPage('/app/documents/d1', [contentMock('d1'), viewMock('d1', onView)]);
    expect(
      await screen.findByRole('heading', { name: 'Employee handbook', level: 1 }),
    ).toBeInTheDocument();
    expect(screen.getByText('HR files')).toBeInTheDocument();
    expect(screen.getByText('handbook.pdf · PDF · 24 KB')).toBeInTheDocument();

    const page3 = screen.getByRole('region', { name: 'Page 3' });
    expect(within(page3).getByRole('heading', { name: 'Page 3' })).toBeInTheDocument();
    expect(within(page3).getByText('Expenses need a receipt.')).toBeInTheDocument();
    expect(within(page3).getByText('Dinners up to $75 are approved.')).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Page 1',
      'Page 2',
      'Page 3',
    ]);

    // Text from a document is shown as text.
    expect(screen.getByText('Vacation: 25 days <script>alert(1)</script>')).toBeInTheDocument();
    expect(document.querySelector('script')).toBeNull();
    expect(cited()).toBeNull();
    await waitFor(() => expect(onView).toHaveBeenCalledTimes(1));
  });

  it('scrolls to and highlights the cited passage', async () => {
    const scroll = vi.spyOn(window.HTMLElement.prototype, 'scrollIntoView');
    renderPage('/app/documents/d1?page=3&passage=4', [contentMock('d1'), viewMock('d1', vi.fn())]);
    await screen.findByText('Dinners up to $75 are approved.');
    await waitFor(() => expect(cited()).not.toBeNull());
    expect(cited()).toHaveTextContent('Dinners up to $75 are approved.');
    expect(cited()).toHaveTextContent('Cited passage');
    expect(scroll).toHaveBeenCalled();
    expect(scroll.mock.contexts[0]).toBe(cited());
  });

  it('falls back to the first passage of ?page= when the passage is unknown', async () => {
    renderPage('/app/documents/d1?page=3&passage=99', [contentMock('d1'), viewMock('d1', vi.fn())]);
    await screen.findByText('Expenses need a receipt.');
    await waitFor(() => expect(cited()).toHaveTextContent('Expenses need a receipt.'));
  });

  it('says when the document does not exist, and goes back home', async () => {
    const user = userEvent.setup();
    const onView = vi.fn();
    renderPage('/app/documents/gone', [
      {
        request: { query: DocumentContentDocument, variables: { id: 'gone' } },
        result: {
          errors: [new GraphQLError('Document not found', { extensions: { code: 'NOT_FOUND' } })],
        },
      },
      viewMock('gone', onView),
    ]);
    expect(
      await screen.findByText('This document does not exist or was removed'),
    ).toBeInTheDocument();
    expect(onView).not.toHaveBeenCalled();
    // Opened directly (no history): Back goes home.
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByText('Home page')).toBeInTheDocument();
  });

  it('shows other failures with a retry that asks again', async () => {
    renderPage('/app/documents/d1', [
      {
        request: { query: DocumentContentDocument, variables: { id: 'd1' } },
        result: {
          errors: [new GraphQLError('Database is down', { extensions: { code: 'INTERNAL' } })],
        },
      },
      contentMock('d1'),
      viewMock('d1', vi.fn()),
    ]);
    expect(await screen.findByText('Database is down')).toBeInTheDocument();
    expect(screen.queryByText('This document does not exist or was removed')).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('heading', { name: 'Employee handbook', level: 1 }),
    ).toBeInTheDocument();
    expect(screen.getByText('Expenses need a receipt.')).toBeInTheDocument();
    expect(screen.queryByText('Database is down')).toBeNull();
  });

  it('says when a document has no text yet', async () => {
    renderPage('/app/documents/d1', [
      contentMock('d1', [], { status: 'parsing' }),
      viewMock('d1', vi.fn()),
    ]);
    expect(await screen.findByText('No text to show yet')).toBeInTheDocument();
    expect(screen.getByText(/still being indexed/)).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { name: 'Employee handbook', level: 1 }),
    ).toBeInTheDocument();
  });

  it('goes back to the previous page', async () => {
    const user = userEvent.setup();
    const { router } = renderRoutes(
      [
        { path: '/app/documents/:documentId', element: <DocumentPage /> },
        { path: '/app/dashboard', element: <p>Home page</p> },
      ],
      '/app/dashboard',
      [contentMock('d1'), viewMock('d1', vi.fn())],
    );
    await router.navigate('/app/documents/d1?passage=0');
    await screen.findByRole('heading', { name: 'Employee handbook', level: 1 });
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/app/dashboard');
  });

  describe('the original', () => {
    /** Saves what the page asks the browser to download. */
    function captureDownloads() {
      const saved: { href: string; download: string }[] = [];
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
        this: HTMLAnchorElement,
      ) {
        saved.push({ href: this.href, download: this.download });
      });
      const blobs: Blob[] = [];
      // jsdom has no object URLs: the real URL class with them added.
      class UrlWithObjects extends URL {
        static override createObjectURL(blob: Blob) {
          blobs.push(blob);
          return 'blob:original';
        }
        static override revokeObjectURL() {}
      }
      vi.stubGlobal('URL', UrlWithObjects);
      return { saved, blobs };
    }

    it('downloads an uploaded file with the access token, under its name', async () => {
      const user = userEvent.setup();
      const token = fakeToken();
      localStorage.setItem('token', token);
      const fetchMock = vi.fn(async () => new Response('%PDF-1.7 the bytes', { status: 200 }));
      vi.stubGlobal('fetch', fetchMock);
      const { saved, blobs } = captureDownloads();
      renderPage('/app/documents/d1', [contentMock('d1'), viewMock('d1', vi.fn())]);

      await user.click(await screen.findByRole('button', { name: 'Download original' }));
      await waitFor(() => expect(saved).toHaveLength(1));
      expect(fetchMock).toHaveBeenCalledWith('/api/documents/d1/file', {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(saved[0]).toEqual({ href: 'blob:original', download: 'handbook.pdf' });
      expect(await blobs[0].text()).toBe('%PDF-1.7 the bytes');
      expect(screen.queryByRole('link', { name: /Open in/ })).toBeNull();
    });

    it("shows the server's reason when the download is refused", async () => {
      const user = userEvent.setup();
      localStorage.setItem('token', fakeToken());
      vi.stubGlobal(
        'fetch',
        vi.fn(async () =>
          Response.json(
            { error: 'NOT_FOUND', message: 'No such document in this workspace.' },
            { status: 404 },
          ),
        ),
      );
      const { saved } = captureDownloads();
      renderPage('/app/documents/d1', [contentMock('d1'), viewMock('d1', vi.fn())]);

      await user.click(await screen.findByRole('button', { name: 'Download original' }));
      expect(await screen.findByText('Could not download the file')).toBeInTheDocument();
      expect(screen.getByText('No such document in this workspace.')).toBeInTheDocument();
      expect(saved).toEqual([]);
    });

    it('shows a connected item’s whole text at the cited passage, and opens it in its tool', async () => {
      renderPage('/app/documents/c1?passage=3', [
        contentMock('c1', PASSAGES, {
          sourceKind: 'confluence',
          hasFile: false,
          fileName: 'Onboarding',
          fileType: 'confluence/page',
          fileSize: 0,
          updatedAt: '2024-06-15T08:00:00.000Z',
          webUrl: 'https://acme.atlassian.net/wiki/spaces/HR/pages/1',
        }),
        viewMock('c1', vi.fn()),
      ]);
      await waitFor(() => expect(cited()).toHaveTextContent('Expenses need a receipt.'));
      expect(screen.getByText('Welcome to the company.')).toBeInTheDocument();
      expect(screen.getByText(/^Confluence page · updated /)).toBeInTheDocument();
      expect(screen.queryByText(/0 B/)).toBeNull();
      const link = await screen.findByRole('link', { name: 'Open in Confluence' });
      expect(link).toHaveAttribute('href', 'https://acme.atlassian.net/wiki/spaces/HR/pages/1');
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
      expect(screen.queryByRole('button', { name: 'Download original' })).toBeNull();
    });

    it('offers nothing for an item with neither a file nor a web link', async () => {
      renderPage('/app/documents/c2', [
        contentMock('c2', PASSAGES, {
          sourceKind: 'jira',
          hasFile: false,
          webUrl: 'javascript:alert(1)',
        }),
        viewMock('c2', vi.fn()),
      ]);
      await screen.findByRole('heading', { name: 'Employee handbook', level: 1 });
      expect(screen.queryByRole('link', { name: /Open in/ })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Download original' })).toBeNull();
    });
  });
});
