import type { SourcesQuery } from './graphql/sources.generated';

export type SourceNode = SourcesQuery['sources'][number];
export type DocumentNode = SourceNode['documentPage']['nodes'][number];

/** Still on its way to the index: polled for progress. */
export const isIndexing = (doc: Pick<DocumentNode, 'status'>) =>
  doc.status === 'queued' || doc.status === 'parsing';

export const STATUS_LABEL: Record<string, { label: string; color: string }> = {
  queued: { label: 'Queued', color: 'gray' },
  parsing: { label: 'Parsing', color: 'blue' },
  indexed: { label: 'Indexed', color: 'teal' },
  failed: { label: 'Failed', color: 'red' },
};

export const statusOf = (status: string) =>
  STATUS_LABEL[status] ?? { label: status, color: 'gray' };

/**
 * A source's indexing, 0–100, over its first page (where documents still indexing come first):
 * finished documents (indexed or failed) count as done.
 */
export function sourceProgress(source: Pick<SourceNode, 'documentPage'>): number {
  const docs = source.documentPage.nodes;
  if (docs.length === 0) return 100;
  const total = docs.reduce((sum, d) => sum + (isIndexing(d) ? d.progress : 100), 0);
  return Math.round(total / docs.length);
}

export const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
