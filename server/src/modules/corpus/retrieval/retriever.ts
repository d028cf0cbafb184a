import type { Reader } from '../reader.js';
import type { SourceKind } from '../source.entity.js';

/** What to search and for whom: only what the reader may read, optionally narrowed further. */
export interface RetrievalQuery {
  /** Whose access bounds the search: it filters candidates, before any ranking or limit. */
  reader: Reader;
  text: string;
  /**
   * Words carried from the conversation a follow-up belongs to: they complete the question
   * (what "it" or "there" refer to) and weigh CARRIED_WEIGHT of its own words. Candidates come
   * from the question's own words whenever it has any, so carried words never lead the search.
   */
  context?: string;
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
  /** How much the term counts: 1 for the question's own words, less for carried ones. */
  weight?: number;
  /** A word carried from the conversation, not written in the question. */
  carried?: boolean;
}

export interface RetrievalResult {
  chunks: ScoredChunk[];
  terms: QueryTerm[];
  /**
   * The question's own words that no passage of the workspace holds (stemmed): what the sources
   * cannot say anything about. They count in the answer's coverage (answer-coverage.ts).
   */
  unknown?: string[];
}

/**
 * The one seam between search and its callers: lexical BM25 over Postgres today; an embedding or
 * hybrid (rank-fusion) retriever implements the same interface.
 */
export interface Retriever {
  retrieve(query: RetrievalQuery): Promise<RetrievalResult>;
}
