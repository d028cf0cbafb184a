import { GraphQLError } from 'graphql';
import type { SourceAccessInput } from '../graphql/types';
import {
  ConfirmUploadDocument,
  CreateUploadDocument,
  CreateUploadSourceDocument,
  SourcesDocument,
  SourcesProgressDocument,
  UploadDuplicatesDocument,
  type CreateUploadMutationVariables,
  type DocumentFieldsFragment,
  type SourcesQuery,
} from '../modules/sources/graphql/sources.generated';

type SourceNode = SourcesQuery['sources'][number];

/** A document as the Sources query answers it. */
export function doc(
  overrides: Partial<DocumentFieldsFragment> = {},
): DocumentFieldsFragment & { __typename: 'Document' } {
  const fileName = overrides.fileName ?? 'handbook.pdf';
  return {
    __typename: 'Document',
    id: 'd1',
    sourceId: 's1',
    title: fileName.replace(/\.[^.]+$/, ''),
    fileName,
    fileType: 'application/pdf',
    webUrl: null,
    fileSize: 12_000,
    // Connected items (with a webUrl) have no stored file.
    hasFile: !overrides.webUrl,
    status: 'indexed',
    progress: 100,
    error: null,
    chunkCount: 3,
    createdAt: '2024-03-01T12:00:00.000Z',
    indexedAt: '2024-03-01T12:00:05.000Z',
    updatedAt: overrides.createdAt ?? '2024-03-01T12:00:00.000Z',
    ...overrides,
  };
}

/** A source with its documents (one page); the counts follow the documents (unless given). */
export function source(
  overrides: Partial<Omit<SourceNode, 'documentPage'>> = {},
  documents: DocumentFieldsFragment[] = [],
  pageInfo?: { hasNextPage: boolean; endCursor: string | null },
): SourceNode & { __typename: 'Source' } {
  const indexed = documents.filter((d) => d.status === 'indexed');
  // More documents than listed (a count given in `overrides`): a next page is there.
  const more = (overrides.documentCount ?? documents.length) > documents.length;
  pageInfo ??= { hasNextPage: more, endCursor: more ? 'cursor-1' : null };
  const page = {
    __typename: 'DocumentConnection' as const,
    nodes: documents.map((d) => ({ __typename: 'Document' as const, ...d })),
    pageInfo: { __typename: 'PageInfo' as const, ...pageInfo },
  };
  return {
    __typename: 'Source',
    id: 's1',
    kind: 'file_upload',
    name: 'Handbook',
    description: 'HR policies and the employee handbook',
    createdAt: '2024-03-01T12:00:00.000Z',
    documentCount: documents.length,
    indexedCount: indexed.length,
    failedCount: documents.filter((d) => d.status === 'failed').length,
    pendingCount: documents.filter((d) => d.status === 'queued' || d.status === 'parsing').length,
    chunkCount: indexed.reduce((sum, d) => sum + d.chunkCount, 0),
    connection: null,
    permissionsCheckedAt: null,
    permissionsState: null,
    permissionsFromMembers: false,
    permissionsError: null,
    unmatchedDocumentCount: null,
    canManageAccess: true,
    readable: true,
    owner: { __typename: 'User', ...ADA },
    access: everyoneAccess(),
    documentPage: page,
    ...overrides,
  } as SourceNode & { __typename: 'Source' };
}

/** Ada, the signed-in member of `fakeToken`, as a source's owner or a chosen person. */
export const ADA = {
  id: 'u1',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
};

type Access = SourceNode['access'];

/** A source readable by everyone in the workspace. */
export function everyoneAccess(): Access & { __typename: 'SourceAccess' } {
  return {
    __typename: 'SourceAccess',
    mode: 'WORKSPACE',
    memberCount: 0,
    groupCount: 0,
    permissionSyncMinutes: null,
    members: [],
    groups: [],
  };
}

/** Each member reads what the connected tool lets them read. */
export function mirrorAccess(): Access & { __typename: 'SourceAccess' } {
  return { ...everyoneAccess(), mode: 'MIRROR', permissionSyncMinutes: 15 };
}

/** Restricted to these people and groups (the lists empty where the caller may not see them). */
export function restrictedAccess(
  members: { id: string; email: string; firstName: string; lastName: string }[] = [],
  groups: { id: string; name: string; memberCount: number }[] = [],
  counts: { memberCount?: number; groupCount?: number } = {},
): Access & { __typename: 'SourceAccess' } {
  return {
    __typename: 'SourceAccess',
    mode: 'RESTRICTED',
    memberCount: counts.memberCount ?? members.length,
    groupCount: counts.groupCount ?? groups.length,
    permissionSyncMinutes: null,
    members: members.map((m) => ({ __typename: 'User' as const, ...m })),
    groups: groups.map((g) => ({ __typename: 'Group' as const, ...g })),
  };
}

/** One SourcesProgress poll: `sources` give the counts, `documents` the ones asked about. */
export function sourcesProgressMock(
  ids: string[],
  sources: SourceNode[],
  documents: DocumentFieldsFragment[],
  extra: { maxUsageCount?: number } = {},
) {
  return {
    request: { query: SourcesProgressDocument, variables: { ids } },
    result: {
      data: {
        sources: sources.map(({ documentPage: _page, ...counts }) => counts),
        documentsById: documents.map((d) => ({ __typename: 'Document', ...d })),
      },
    },
    ...extra,
  };
}

export function sourcesMock(sources: SourceNode[], extra: { maxUsageCount?: number } = {}) {
  return { request: { query: SourcesDocument }, result: { data: { sources } }, ...extra };
}

export function createSourceMock(
  input: { name: string | null; description: string; access?: SourceAccessInput },
  id = 's1',
  onCall?: () => void,
) {
  return {
    request: { query: CreateUploadSourceDocument, variables: { input } },
    result: () => {
      onCall?.();
      return {
        data: {
          createUploadSource: {
            __typename: 'Source',
            id,
            name: input.name ?? 'Uploaded files',
            description: input.description,
          },
        },
      };
    },
  };
}

type CreateUploadInput = CreateUploadMutationVariables['input'];

/**
 * createUpload for `file`: matched on its name, type, size and source, and on the document it
 * replaces; `onCall` sees the whole input (with the hash the browser computed).
 */
export function createUploadMock(
  file: File,
  sourceId = 's1',
  key = 'k1',
  onCall?: (input: CreateUploadInput) => void,
  replaceDocumentId: string | null = null,
) {
  return {
    request: {
      query: CreateUploadDocument,
      variables: ({ input }: CreateUploadMutationVariables) =>
        input.fileName === file.name &&
        input.fileType === (file.type || null) &&
        input.fileSize === file.size &&
        input.sourceId === sourceId &&
        (input.replaceDocumentId ?? null) === replaceDocumentId,
    },
    result: ({ input }: CreateUploadMutationVariables) => {
      onCall?.(input);
      return {
        data: {
          createUpload: {
            __typename: 'UploadTicket',
            fileKey: `w1/${key}`,
            uploadUrl: `/storage/w1/${key}?sig=abc`,
            expiresAt: '2030-01-01T00:00:00.000Z',
            maxBytes: 50 * 1024 * 1024,
          },
        },
      };
    },
  };
}

export function confirmUploadMock(
  key: string,
  document: DocumentFieldsFragment,
  onCall?: () => void,
) {
  return {
    request: { query: ConfirmUploadDocument, variables: { fileKey: `w1/${key}` } },
    result: () => {
      onCall?.();
      return { data: { confirmUpload: { __typename: 'Document', ...document } } };
    },
  };
}

/** createUpload refused: the workspace already has this file (as `existing`). */
export function createUploadDuplicateMock(
  file: File,
  existing: { documentId: string; title: string; sourceName: string },
  sourceId = 's1',
) {
  return {
    request: {
      query: CreateUploadDocument,
      variables: ({ input }: CreateUploadMutationVariables) =>
        input.fileName === file.name && input.sourceId === sourceId && !input.replaceDocumentId,
    },
    result: {
      errors: [
        new GraphQLError(`This file is already uploaded as "${existing.title}".`, {
          extensions: { code: 'DUPLICATE_DOCUMENT', sourceId: 's9', ...existing },
        }),
      ],
    },
  };
}

export function confirmUploadErrorMock(key: string, code: string, message: string) {
  return {
    request: { query: ConfirmUploadDocument, variables: { fileKey: `w1/${key}` } },
    result: { errors: [new GraphQLError(message, { extensions: { code, field: 'file' } })] },
  };
}

/**
 * uploadDuplicates, asked before the source is created: answers `found` (hash → document) for
 * whichever hashes are asked; `onCall` sees them.
 */
export function uploadDuplicatesMock(
  found: Record<string, { documentId: string; title: string; sourceName: string }> = {},
  onCall?: (hashes: string[]) => void,
) {
  return {
    request: { query: UploadDuplicatesDocument, variables: () => true },
    result: ({ contentHashes }: { contentHashes: string[] }) => {
      onCall?.(contentHashes);
      return {
        data: {
          uploadDuplicates: contentHashes
            .filter((hash) => found[hash])
            .map((hash) => ({
              __typename: 'UploadDuplicate',
              contentHash: hash,
              sourceId: 's9',
              ...found[hash],
            })),
        },
      };
    },
    maxUsageCount: 10,
  };
}
