import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GraphQLError } from 'graphql';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DocumentContentDocument,
  RecordDocumentViewDocument,
  type DocumentContentQuery,
} from '../../graphql/generated';
import { renderRoutes, type RenderOptions } from '../../test/render';
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

function contentMock(id: string, passages = PASSAGES) {
  return {
    request: { query: DocumentContentDocument, variables: { id } },
    result: {
      data: {
        documentContent: {
          __typename: 'DocumentContent',
          sourceName: 'HR files',
          document: {
            __typename: 'Document',
            id,
            title: 'Employee handbook',
            fileName: 'handbook.pdf',
            fileType: 'application/pdf',
            fileSize: 24_576,
            status: 'indexed',
            createdAt: '2024-03-01T12:00:00.000Z',
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

afterEach(() => vi.restoreAllMocks());

describe('DocumentPage', () => {
  it('shows the document and its passages under their pages, and records the view once', async () => {
    const onView = vi.fn();
    renderPage('/app/documents/d1', [contentMock('d1'), viewMock('d1', onView)]);
    expect(
      await screen.findByRole('heading', { name: 'Employee handbook', level: 2 }),
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

  it('shows other failures with a retry', async () => {
    renderPage('/app/documents/d1', [
      {
        request: { query: DocumentContentDocument, variables: { id: 'd1' } },
        result: {
          errors: [new GraphQLError('Database is down', { extensions: { code: 'INTERNAL' } })],
        },
      },
    ]);
    expect(await screen.findByText('Database is down')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
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
    await screen.findByRole('heading', { name: 'Employee handbook', level: 2 });
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/app/dashboard');
  });
});
