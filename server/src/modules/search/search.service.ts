import type { DataSource } from 'typeorm';
import {
  documentRanking,
  hydratePassages,
  type Passage,
  type QueryTerm,
  type Reader,
  type Retriever,
  type SourceKind,
  textSearchConfig,
  tsqueryLexeme,
} from '../corpus/index.js';

export interface PassageQuery {
  text: string;
  /** Words carried from a follow-up's conversation (RetrievalQuery.context). */
  context?: string;
  kinds?: readonly SourceKind[];
  sourceIds?: readonly string[];
  documentIds?: readonly string[];
  limit: number;
}

export interface DocumentHit {
  passage: Passage;
  /** The best passage's matching fragments, plain text. */
  snippet: string;
  /** Where the query's words are in `snippet` (UTF-16 offsets). */
  highlights: { start: number; length: number }[];
}

const MARK_START = '\uE000';
const MARK_END = '\uE001';

/**
 * Retrieval for answers (passages) and for the results list (one hit per document). The list
 * may use a cheaper retriever than answers: it runs as the user types and highlights words, so
 * with hybrid retrieval on it still ranks by words and spends no embedding call per keystroke.
 */
export class SearchService {
  constructor(
    private readonly db: DataSource,
    private readonly retriever: Retriever,
    private readonly listRetriever: Retriever = retriever,
  ) {}

  /** The reader's best passages for a question (answers). */
  async passages(
    reader: Reader,
    query: PassageQuery,
  ): Promise<{ passages: Passage[]; terms: QueryTerm[]; unknown: string[] }> {
    const { chunks, terms, unknown } = await this.retriever.retrieve({ reader, ...query });
    return {
      passages: await hydratePassages(this.db, reader, chunks),
      terms,
      unknown: unknown ?? [],
    };
  }

  /** The best passage of each of the `first` best documents, best first. */
  async rankDocuments(
    reader: Reader,
    query: Omit<PassageQuery, 'limit'> & { first: number },
  ): Promise<{ passages: Passage[]; terms: QueryTerm[] }> {
    // A few passages per document on average is enough to fill the page with distinct ones.
    const { chunks, terms } = await this.listRetriever.retrieve({
      reader,
      ...query,
      limit: query.first * 4,
    });
    const best = documentRanking(chunks).slice(0, query.first);
    return { passages: await hydratePassages(this.db, reader, best), terms };
  }

  /** rankDocuments with a highlighted snippet for each document. */
  async documents(
    reader: Reader,
    query: Omit<PassageQuery, 'limit'> & { first: number },
  ): Promise<{ hits: DocumentHit[]; terms: QueryTerm[] }> {
    const { passages, terms } = await this.rankDocuments(reader, query);
    const snippets = await this.snippets(
      passages.map((p) => p.text),
      terms,
    );
    return { hits: passages.map((passage, i) => ({ passage, ...snippets[i] })), terms };
  }

  /** ts_headline fragments around the matched words, with the marks turned into offsets. */
  private async snippets(
    texts: string[],
    terms: QueryTerm[],
  ): Promise<{ snippet: string; highlights: { start: number; length: number }[] }[]> {
    if (texts.length === 0) return [];
    const query = terms.map((t) => tsqueryLexeme(t.lexeme)).join(' | ') || "''";
    const rows: { headline: string }[] = await this.db.query(
      `SELECT ts_headline(${textSearchConfig()}, t.text, $2::tsquery,
                'StartSel=${MARK_START}, StopSel=${MARK_END}, MaxWords=35, MinWords=15, MaxFragments=2, FragmentDelimiter=" … "') AS headline
         FROM unnest($1::text[]) WITH ORDINALITY AS t(text, i) ORDER BY t.i`,
      [texts.map((t) => t.replaceAll(MARK_START, '').replaceAll(MARK_END, '')), query],
    );
    return rows.map((r) => splitMarks(r.headline.replace(/\s+/g, ' ').trim()));
  }
}

function splitMarks(marked: string) {
  const highlights: { start: number; length: number }[] = [];
  let snippet = '';
  let start = -1;
  for (const ch of marked) {
    if (ch === MARK_START) start = snippet.length;
    else if (ch === MARK_END) {
      if (start >= 0) highlights.push({ start, length: snippet.length - start });
      start = -1;
    } else snippet += ch;
  }
  return { snippet, highlights };
}
