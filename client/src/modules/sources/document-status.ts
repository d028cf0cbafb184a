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
 * A source's indexing, 0–100: finished documents (indexed or failed) count as done, and those
 * still indexing on its first page count for their own progress.
 */
export function sourceProgress(
  source: Pick<SourceNode, 'documentPage' | 'documentCount' | 'pendingCount'>,
): number {
  const total = source.documentCount;
  if (total === 0) return 100;
  const partial = source.documentPage.nodes
    .filter(isIndexing)
    .reduce((sum, d) => sum + d.progress / 100, 0);
  const done = Math.min(total, total - source.pendingCount + partial);
  return Math.round((100 * Math.max(0, done)) / total);
}

export const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** A connected item's type as people say it: `confluence/page` → "Confluence page". */
export function itemLabel(type: string): string {
  const [tool = '', item = 'item'] = type.split('/');
  return `${tool.charAt(0).toUpperCase()}${tool.slice(1)} ${item === 'blogpost' ? 'blog post' : item}`;
}
