import type { Reader } from '../access/reader.js';
import type { SourceKind } from '../sources/source.entity.js';

/** What to search and for whom: only what the reader may read, optionally narrowed further. */
export interface RetrievalQuery {
  /** Whose access bounds the search: it filters candidates, before any ranking or limit. */
  reader: Reader;
  text: string;
  /** Source kinds to search (integration keys); empty or absent means every kind. */
  kinds?: readonly SourceKind[];
  /** Only these sources (a bot's sources); absent means all the reader's. */
  sourceIds?: readonly string[];
  /** Only these documents (a bot's attached documents); ORed with sourceIds when both are set. */
  documentIds?: readonly string[];
  /** How many passages to return, best first. */
  limit: number;
}

/** One scored chunk. Hydration (titles, text, links) is the caller's business. */
export interface ScoredChunk {
  chunkId: string;
  documentId: string;
  score: number;
}

/** The query as the ranking saw it: stemmed terms and their weights, for snippets and answers. */
export interface QueryTerm {
  lexeme: string;
  /** Inverse document frequency in this workspace (0 when the term is in no chunk). */
  idf: number;
}

export interface RetrievalResult {
  chunks: ScoredChunk[];
  terms: QueryTerm[];
}

/**
 * The one seam between search and its callers: lexical BM25 over Postgres today; an embedding or
 * hybrid (rank-fusion) retriever implements the same interface.
 */
export interface Retriever {
  retrieve(query: RetrievalQuery): Promise<RetrievalResult>;
}
