/**
 * The corpus: the one owner of sources, documents, chunks, embeddings, term statistics, ACL
 * principals, Readers and the visibility path. Other modules import it only through this file
 * (`npm run check` says so), and no SQL over its tables runs anywhere else:
 * - reads take a Reader (who may read what, built once per request by `Readers`);
 * - writes are named operations: index a parsed file (Indexer), apply a sync step's items and
 *   failures (connected-items), apply an ACL batch (acl-writes), delete a source's items.
 */
export { Readers, canReadSource, narrowReader, type Reader } from './reader.js';
export {
  documentReadableSql,
  readableDocument,
  readableDocumentIds,
  readableDocuments,
  unreadableLexemes,
  sqlParams,
  UNREADABLE_CHECK,
  type AddParam,
} from './visibility.js';
export {
  documentSummaries,
  sourceSummaries,
  type DocumentSummary,
  type SourceSummary,
} from './summaries.js';
export { accessAllows, type ItemAccess } from './item-access.js';
export {
  EVERYONE,
  aclOf,
  groupsNamed,
  kindsOf,
  personalPrincipals,
  principalMembers,
  providerOf,
  type PrincipalMember,
  type Provider,
} from './acl.js';
export {
  copyToChunks,
  countAclChunks,
  distinctAccesses,
  hideEveryItem,
  insertMembers,
  itemIdsAfter,
  keepOnlyPrincipals,
  removePrincipal,
  replacePrincipals,
  setPrincipalOn,
  unmatched,
  writeItemAccess,
} from './acl-writes.js';
export {
  deleteItems,
  failedItemsDue,
  failureSummary,
  knownVersions,
  markSeen,
  pruneUnseen,
  writeFailures,
  writeItems,
  type ConnectorItem,
  type ItemFailure,
  type SyncedSource,
} from './connected-items.js';

// Entities: TypeORM needs the classes (db/entities.ts); their tables are the corpus' alone.
export {
  Source,
  type SourceAccessMode,
  type SourceKind,
  type SourceStatus,
} from './source.entity.js';
export { SourceDocument, type DocumentStatus } from './document.entity.js';
export { Chunk, type ChunkLocation } from './chunk.entity.js';
export { ChunkEmbedding } from './chunk-embedding.entity.js';
export { SearchTermStat, SearchWorkspaceStat } from './search-stats.entity.js';
export { SourcePrincipal } from './source-principal.entity.js';

export {
  DEFAULT_SOURCE_NAME,
  MAX_DOCUMENTS_BY_ID,
  SourcesService,
  type DocumentCounts,
  type DocumentPage,
} from './sources.service.js';
export { SourceErrors, type ExistingDocument } from './sources.errors.js';
export { DOCUMENT_ORDERS, type DocumentOrder } from './document-order.js';
export {
  declaredHash,
  findDuplicate,
  findDuplicates,
  isDuplicateInsert,
  storedHash,
} from './upload-duplicates.js';

export {
  createUploadedDocument,
  deleteSourceAndItems,
  deleteUploadedDocument,
  storageKeysInUse,
  uploadedBytes,
  uploadedDocument,
} from './uploaded-files.js';

// Indexing: files and items become chunks (and, with a model, vectors).
export {
  INDEX_JOB,
  Indexer,
  insertChunks,
  insertChunksOf,
  type IndexableText,
} from './indexing/indexer.js';
export {
  CHUNK_OVERLAP_CHARS,
  CHUNK_TARGET_CHARS,
  chunkDocument,
  chunkText,
  type TextChunk,
} from './indexing/chunker.js';
export { EMBED_JOB, Embedder } from './indexing/embedder.js';

// Retrieval: passages the reader may read, ranked.
export { LexicalRetriever } from './retrieval/lexical-retriever.js';
export { HybridRetriever, HYBRID } from './retrieval/hybrid-retriever.js';
export {
  documentUrl,
  hydratePassages,
  locationLabel,
  type NumberedPassage,
  type Passage,
} from './retrieval/passages.js';
export type {
  QueryTerm,
  RetrievalQuery,
  RetrievalResult,
  Retriever,
  ScoredChunk,
} from './retrieval/retriever.js';
export { documentRanking } from './retrieval/document-ranking.js';
export { RANKING, idf, type ScoringModel } from './retrieval/ranking.js';
export { TEXT_SEARCH, textSearchConfig } from './retrieval/text-search.js';
export { analyseQuery, tsqueryLexeme, type AnalysedQuery } from './retrieval/query-analysis.js';
