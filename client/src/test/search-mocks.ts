import { SourceKindsDocument } from '../modules/sources/graphql/sources.generated';
import { GraphQLError } from 'graphql';
import {
  RecordSearchDocument,
  SearchDocumentsDocument,
  SearchRecentsDocument,
  type SearchHitFieldsFragment,
  type SearchRecentsQuery,
} from '../modules/search/graphql/search.generated';
import { RECENT_LIMIT } from '../modules/search/use-quick-search';

type Hit = SearchHitFieldsFragment & { __typename: 'SearchHit' };

/** A document hit as searchDocuments answers it; highlights wrap the given words of the snippet. */
export function searchHit(
  overrides: Partial<Omit<SearchHitFieldsFragment, 'highlights'>> = {},
  marked: string[] = [],
): Hit {
  const snippet = overrides.snippet ?? 'Employees get 25 days of paid vacation each year.';
  return {
    __typename: 'SearchHit',
    documentId: 'd1',
    title: 'Employee handbook',
    url: '/app/documents/d1?page=3&passage=4',
    viewerUrl:
      overrides.url && !/^https?:/.test(overrides.url)
        ? overrides.url
        : `/app/documents/${overrides.documentId ?? 'd1'}?page=3&passage=4`,
    sourceKind: 'file_upload',
    sourceName: 'Handbook',
    author: 'Ada Lovelace',
    date: '2024-03-01T12:00:00.000Z',
    location: 'Page 3',
    ...overrides,
    snippet,
    highlights: marked.map((word) => ({
      __typename: 'TextRange',
      start: snippet.indexOf(word),
      length: word.length,
    })),
  };
}

interface SearchMockOptions {
  integrations?: string[] | null;
  first?: number;
  delay?: number;
  maxUsageCount?: number;
}

export function searchDocumentsMock(
  query: string,
  hits: SearchHitFieldsFragment[],
  { integrations = null, first = 10, ...extra }: SearchMockOptions = {},
) {
  return {
    request: { query: SearchDocumentsDocument, variables: { query, integrations, first } },
    result: {
      data: { searchDocuments: { __typename: 'SearchResults', query, tookMs: 4, hits } },
    },
    ...extra,
  };
}

/** searchDocuments refused (e.g. BAD_USER_INPUT). */
export function searchDocumentsErrorMock(
  query: string,
  message: string,
  { integrations = null, first = 10 }: SearchMockOptions = {},
) {
  return {
    request: { query: SearchDocumentsDocument, variables: { query, integrations, first } },
    result: { errors: [new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT' } })] },
  };
}

export function recordSearchMock(query: string, onCall: () => void = () => {}) {
  return {
    request: { query: RecordSearchDocument, variables: { query } },
    result: () => {
      onCall();
      return { data: { recordSearch: true } };
    },
  };
}

/** The modal's recent lists. */
export function searchRecentsMock(
  recent: { question: string; kind?: string }[] = [],
  viewed: { id: string; title: string; fileName?: string; url?: string }[] = [],
  extra: { maxUsageCount?: number } = {},
) {
  const data: SearchRecentsQuery & Record<string, unknown> = {
    recentQuestions: recent.map((r, i) => ({
      __typename: 'RecentQuestion',
      question: r.question,
      kind: r.kind ?? 'search',
      askedAt: new Date(Date.UTC(2024, 2, 10 - i)).toISOString(),
    })),
    recentlyViewedDocuments: viewed.map((v, i) => ({
      __typename: 'ViewedDocument',
      url: v.url ?? `/app/documents/${v.id}`,
      viewedAt: new Date(Date.UTC(2024, 2, 10 - i)).toISOString(),
      document: {
        __typename: 'Document',
        id: v.id,
        title: v.title,
        fileName: v.fileName ?? `${v.title}.pdf`,
      },
    })),
  };
  return {
    request: { query: SearchRecentsDocument, variables: { first: RECENT_LIMIT } },
    result: { data },
    ...extra,
  };
}

/** The kinds of source the workspace has, as the search filters read them (SourceKinds). */
export function sourceKindsMock(kinds: string[] | Error) {
  return {
    request: { query: SourceKindsDocument },
    ...(kinds instanceof Error
      ? { error: kinds }
      : {
          result: {
            data: {
              sources: kinds.map((kind, i) => ({ __typename: 'Source', id: `s${i + 1}`, kind })),
            },
          },
        }),
  };
}
