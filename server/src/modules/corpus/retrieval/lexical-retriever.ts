import type { DataSource } from 'typeorm';
import type { Reader } from '../reader.js';
import { readableRows, sqlParams } from '../visibility.js';
import {
  analyseQuery,
  tsqueryLexeme,
  type AnalysedQuery,
  type AnalysedTerm,
} from './query-analysis.js';
import { expansionTerms, minimumSupport, type FeedbackWord } from './feedback.js';
import { RANKING } from './ranking.js';
import type { RetrievalQuery, RetrievalResult, Retriever, ScoredChunk } from './retriever.js';
import { textSearchConfig } from './text-search.js';

/**
 * BM25F-style ranking in Postgres. ts_rank of a single term is a saturating, field-weighted term
 * frequency read straight from the tsvector; the IDF comes from search_term_stats and the length
 * normalisation from chunks.length. Two passes keep it fast on large workspaces: a cheap score
 * over at most candidateCap candidates (terms grouped into at most three IDF bands, one ts_rank
 * call per band), then exact per-term BM25 (and, when turned on, a proximity bonus) for the best
 * few hundred. docs/RANKING.md says why each part is there and what it is worth.
 */
export class LexicalRetriever implements Retriever {
  constructor(private readonly db: DataSource) {}

  async retrieve(query: RetrievalQuery): Promise<RetrievalResult> {
    const { workspaceId } = query.reader;
    const analysed = await analyseQuery(this.db, workspaceId, query.text);
    const own: WeightedTerm[] = analysed.terms.map((t) => ({
      ...t,
      weight: t.qtf ** RANKING.repeatedWords,
    }));
    const carried = query.context?.trim()
      ? await this.carriedTerms(workspaceId, query.context, own)
      : [];
    // The question's own words lead: they alone choose the candidates. A follow-up with no word
    // of its own ("and there?") is searched with the carried words at full weight instead.
    const lead = own.length > 0 ? own : carried.map((t) => ({ ...t, weight: 1 }));
    const terms = own.length > 0 ? [...own, ...carried].sort((a, b) => a.df - b.df) : lead;
    const result: RetrievalResult = {
      chunks: [],
      terms: terms.map((t) => ({
        lexeme: t.lexeme,
        idf: t.idf,
        weight: t.weight,
        ...(t.carried ? { carried: true } : {}),
      })),
      unknown: analysed.unknown,
    };
    if (lead.length === 0 || query.limit <= 0 || query.reader.sourceIds.length === 0) return result;
    const limit = Math.floor(query.limit);
    const depth = Math.max(RANKING.rescoreDepth, limit);
    const share = await this.readableShare(query.reader, analysed.chunkCount);
    const search = (mode: 'any' | 'sample') =>
      this.candidates(query, analysed, lead, terms, depth, mode, share);
    let candidates = await search('any');
    if (candidates.length === 0 && analysed.phrases) {
      // No passage holds the quoted words as written: rank by the words instead of answering
      // nothing (a question that quotes a title rarely quotes it exactly).
      analysed.phrases = null;
      candidates = await search('any');
    }
    if (candidates.length < limit && lead[0].df * share > RANKING.candidateCap) {
      // Only common words, and too few passages hold them together: take passages with the
      // rarest one, a bounded sample rather than a scan of most of the workspace.
      candidates = await search('sample');
    }
    let ranked = await this.rescore(workspaceId, analysed, candidates, terms);
    if (
      RANKING.feedbackTerms > 0 &&
      terms.length >= RANKING.feedbackMinTerms &&
      !(RANKING.feedbackUnlessCovered > 0 && (await this.holdsEvery(workspaceId, lead, ranked[0])))
    ) {
      // Pseudo-relevance feedback: the best passages lend the query their most telling words,
      // and the candidates are ranked again with them (a re-ranking: no second search). Scores
      // add up term by term, so only the lent words are scored again. A question whose words the
      // best passage holds together is ranked as asked (RANKING.feedbackUnlessCovered).
      const expansion = await this.expansionTerms(workspaceId, analysed, terms, ranked);
      if (expansion.length > 0) {
        const lent = await this.rescore(workspaceId, analysed, candidates, expansion);
        const extra = new Map(lent.map((c) => [c.chunkId, c.score]));
        ranked = ranked
          .map((c) => ({ ...c, score: c.score + (extra.get(c.chunkId) ?? 0) }))
          .sort((a, b) => b.score - a.score || (a.chunkId < b.chunkId ? -1 : 1));
      }
    }
    result.chunks = ranked.slice(0, limit);
    return result;
  }

  /** The conversation's words that the question does not already have, at the carried weight. */
  private async carriedTerms(
    workspaceId: string,
    context: string,
    own: WeightedTerm[],
  ): Promise<WeightedTerm[]> {
    const ownLexemes = new Set(own.map((t) => t.lexeme));
    const analysed = await analyseQuery(this.db, workspaceId, context);
    return analysed.terms
      .filter((t) => !ownLexemes.has(t.lexeme))
      .map((t, i) => ({
        ...t,
        position: 5_000 + i,
        weight: RANKING.carriedWeight,
        carried: true,
      }));
  }

  /**
   * The share of the workspace's passages the reader may read (1 when they read every source),
   * from the sources' count rows. Candidate generation scales document frequencies by it: a
   * member who reads 1% of the workspace meets 1% of a word's passages, so rarer words alone
   * would leave their page short.
   */
  private async readableShare(reader: Reader, chunkCount: number): Promise<number> {
    if (reader.readsEverything || chunkCount <= 0) return 1;
    const rows: { id: string; chunks: number; counts: Record<string, number> | null }[] =
      await this.db.query(
        `SELECT s.id, s.acl_chunk_counts AS counts,
                (SELECT coalesce(sum(d.chunks), 0) FROM source_document_counts d
                  WHERE d.source_id = s.id)::float8 AS chunks
           FROM sources s WHERE s.id = ANY($1::uuid[])`,
        [[...reader.sourceIds]],
      );
    const partial = new Set(reader.partialSourceIds);
    let readable = 0;
    for (const row of rows) {
      // A source read item by item: the chunks naming a principal the reader holds (counted
      // after each sync; an item naming two of them counts twice, so this errs high, as the
      // whole source does before the first count).
      const held =
        partial.has(row.id) && row.counts
          ? reader.principals.reduce((sum, p) => sum + (row.counts![p] ?? 0), 0)
          : row.chunks;
      readable += Math.min(row.chunks, held);
    }
    return Math.min(1, Math.max(readable / chunkCount, 1e-4));
  }

  /**
   * First pass: the `depth` most promising chunks by a cheap score (one ts_rank per IDF band).
   * Candidates hold any of the rarest terms whose document frequencies add up to at most the
   * cap; when even the rarest term is more common than that, they must hold the rarest terms
   * together ('any' then means "all of those"), and 'sample' falls back to the rarest alone.
   * Whenever the match count is not bounded by the cap (only common words), at most `cap`
   * matching chunks are read and scored: the cost of a question then stays the same however
   * large the workspace grows, instead of growing with a common word's posting list (a
   * one-word question "wind" on 1M chunks scored 660,000 rows, 0.6 s).
   */
  private async candidates(
    query: RetrievalQuery,
    analysed: AnalysedQuery,
    lead: WeightedTerm[],
    terms: WeightedTerm[],
    depth: number,
    mode: 'any' | 'sample',
    share: number,
  ): Promise<string[]> {
    const { params, param } = sqlParams();
    const saturate = bm25Saturation(analysed.avgLength);
    const bodyWeight = 1 / RANKING.titleWeight;
    const bandTf = (tsquery: string) =>
      `ts_rank('{${bodyWeight},${bodyWeight},${bodyWeight},1}', c.tsv, ${tsquery}, 0) * ${1.64493406685 / bodyWeight}`;

    const match =
      mode === 'sample'
        ? tsqueryLexeme(lead[0].lexeme)
        : candidateQuery(lead, analysed.chunkCount, share);
    // The visibility filter comes first and inside the candidates: nothing unreadable is ranked.
    const where = [readableRows(query.reader, 'c', param), `c.tsv @@ ${param(match, '::tsquery')}`];
    for (const filter of [analysed.phrases, analysed.excluded]) {
      if (filter)
        where.push(`c.tsv @@ websearch_to_tsquery(${textSearchConfig()}, ${param(filter)})`);
    }
    if (query.kinds?.length) {
      where.push(
        `c.source_id IN (SELECT id FROM sources WHERE workspace_id = ${param(query.reader.workspaceId, '::uuid')} AND kind = ANY(${param(query.kinds, '::text[]')}))`,
      );
    }
    if (query.sourceIds || query.documentIds) {
      where.push(
        `(c.source_id = ANY(${param(query.sourceIds ?? [], '::uuid[]')}) OR c.document_id = ANY(${param(query.documentIds ?? [], '::uuid[]')}))`,
      );
    }
    const firstPass = bands(terms)
      .map((band) => {
        const weight = band.reduce((s, t) => s + t.idf * t.weight, 0);
        return `${weight} * ${saturate(bandTf(param(orQuery(band), '::tsquery')))}`;
      })
      .join(' + ');
    const unbounded = mode === 'sample' || lead[0].df * share > RANKING.candidateCap;
    const from = unbounded
      ? `(SELECT * FROM chunks c WHERE ${where.join(' AND ')} LIMIT ${RANKING.candidateCap}) c`
      : `chunks c WHERE ${where.join(' AND ')}`;
    const rows: { id: string }[] = await this.db.query(
      `SELECT c.id FROM ${from} ORDER BY ${firstPass} DESC LIMIT ${depth}`,
      params,
    );
    return rows.map((r) => r.id);
  }

  /** Second pass: exact per-term BM25F plus the proximity of terms adjacent in the question. */
  private async rescore(
    workspaceId: string,
    analysed: AnalysedQuery,
    ids: string[],
    terms: WeightedTerm[],
  ): Promise<ScoredChunk[]> {
    if (ids.length === 0) return [];
    const { params, param } = sqlParams([workspaceId, ids]);
    const termScore = scoringModel(analysed);
    // ts_rank of a one-term query with every weight 1 is H(n) / (pi^2 / 6), where H(n) is the sum
    // of 1/j^2 for j = 1..n and n the term's occurrences; inverting it (the tail of that sum is
    // ~1/(n + 0.5)) reads n back out of the tsvector. Weights {0,0,0,1} count title (A) ones only.
    const count = (weights: string, tsquery: string, vector = 'c.tsv') =>
      `round(1 / greatest(1.64493406685 * (1 - ts_rank('${weights}', ${vector}, ${tsquery}, 0)), 1e-6) - 0.5)`;
    // The words as the question wrote them are counted in the passage's text parsed without
    // stemming, only when they count extra. OFFSET 0 keeps Postgres from folding the parse into
    // each count (once per passage, not once per word: 4× faster with four words).
    const asWritten = RANKING.exactFormWeight > 0 && terms.some((t) => t.forms?.length);
    const formCount = (t: WeightedTerm) =>
      asWritten && t.forms?.length
        ? t.forms
            .map((form) => count('{1,1,1,1}', param(tsqueryLexeme(form), '::tsquery'), 'w.tsv'))
            .join(' + ')
        : undefined;
    const counts = (t: WeightedTerm) => {
      const tsquery = param(tsqueryLexeme(t.lexeme), '::tsquery');
      return {
        all: count('{1,1,1,1}', tsquery),
        title: count('{0,0,0,1}', tsquery),
        exact: formCount(t),
      };
    };
    const exact = terms.map((t) => termScore(t, counts(t))).join(' + ');
    // The proximity bonus is off by default (ranking.ts); off, it costs nothing.
    const pairs =
      RANKING.proximityWeight > 0 ? proximityPairs(terms.filter((t) => !t.expansion)) : [];
    const proximity = pairs
      .map(([a, b]) => {
        const cover = `ts_rank_cd('{1,1,1,1}', c.tsv, ${param(`${tsqueryLexeme(a.lexeme)} & ${tsqueryLexeme(b.lexeme)}`, '::tsquery')}, 0)`;
        return `${RANKING.proximityWeight * Math.min(a.idf, b.idf)} * ${cover} / (1 + ${cover})`;
      })
      .join(' + ');
    const rows: { id: string; document_id: string; score: number }[] = await this.db.query(
      `SELECT c.id, c.document_id, (${exact}${proximity ? ` + ${proximity}` : ''})::float8 AS score
         FROM chunks c${asWritten ? ` CROSS JOIN LATERAL (SELECT to_tsvector('simple', c.text) AS tsv OFFSET 0) w` : ''}
        WHERE c.workspace_id = $1 AND c.id = ANY($2::uuid[])
        ORDER BY score DESC, c.id`,
      params,
    );
    return rows.map((r) => ({ chunkId: r.id, documentId: r.document_id, score: r.score }));
  }

  /** Whether the passage holds every one of the words (RANKING.feedbackUnlessCovered). */
  private async holdsEvery(
    workspaceId: string,
    words: WeightedTerm[],
    passage: ScoredChunk | undefined,
  ): Promise<boolean> {
    if (!passage || words.length === 0) return false;
    const [row]: { holds: boolean }[] = await this.db.query(
      `SELECT c.tsv @@ $3::tsquery AS holds FROM chunks c WHERE c.workspace_id = $1 AND c.id = $2`,
      [workspaceId, passage.chunkId, words.map((t) => tsqueryLexeme(t.lexeme)).join(' & ')],
    );
    return row?.holds === true;
  }

  /** Rocchio-style expansion from the best passages, behind the agreement guard (feedback.ts). */
  private async expansionTerms(
    workspaceId: string,
    analysed: AnalysedQuery,
    terms: WeightedTerm[],
    ranked: ScoredChunk[],
  ): Promise<WeightedTerm[]> {
    const feedback = ranked.slice(0, RANKING.feedbackDocs);
    if (feedback.length < 2) return [];
    // Query likelihood's scores can fall below zero: a passage lends nothing below none.
    const top = feedback[0].score > 0 ? feedback[0].score : 1;
    // Words are counted over the feedback passages first and only those the guard can accept
    // are looked up in the statistics (a tenth of them, typically).
    const rows: FeedbackWord[] = await this.db.query(
      `SELECT w.lexeme, s.df, w.support, w.share
         FROM (SELECT u.lexeme, count(*)::int AS support,
                      sum(coalesce(array_length(u.positions, 1), 1)::float8
                          / greatest(c.length, 1) * f.weight) AS share
                 FROM unnest($2::uuid[], $3::float8[]) AS f(id, weight)
                 JOIN chunks c ON c.id = f.id AND c.workspace_id = $1
                 CROSS JOIN LATERAL unnest(c.tsv) u
                WHERE NOT u.lexeme = ANY($4::text[])
                GROUP BY u.lexeme HAVING count(*) >= $5) w
         JOIN search_term_stats s ON s.workspace_id = $1 AND s.lexeme = w.lexeme
        WHERE s.df >= 2`,
      [
        workspaceId,
        feedback.map((c) => c.chunkId),
        feedback.map((c) => Math.max(c.score, 0) / top),
        terms.map((t) => t.lexeme),
        minimumSupport(feedback.length),
      ],
    );
    const questionMass = terms.reduce((sum, t) => sum + t.weight * t.idf, 0);
    return expansionTerms(rows, feedback.length, analysed.chunkCount, questionMass).map((t, i) => ({
      ...t,
      position: 10_000 + i,
      qtf: 1,
      expansion: true,
    }));
  }
}

interface WeightedTerm extends AnalysedTerm {
  /** How much the term counts: its repeats in the question, or a share for expansion terms. */
  weight: number;
  expansion?: boolean;
  /** Carried from the conversation (a follow-up's context), not written in the question. */
  carried?: boolean;
}

/** A term's occurrences in a passage (SQL): all of them, and those in the title. */
interface TermCounts {
  all: string;
  title: string;
  /** Those written exactly as in the question (unstemmed), when they count extra. */
  exact?: string;
}

/**
 * One term's share of a passage's score (SQL) under the configured model, given its counts.
 * Each is a sum over terms, so the lent words of feedback add up alike.
 */
function scoringModel(analysed: AnalysedQuery): (term: WeightedTerm, counts: TermCounts) => string {
  const { avgLength, chunkCount } = analysed;
  // A title occurrence weighs titleWeight body ones.
  const weighted = ({ all, title, exact }: TermCounts) =>
    `(${all} + ${RANKING.titleWeight - 1} * ${title}${exact ? ` + ${RANKING.exactFormWeight} * (${exact})` : ''})`;
  if (RANKING.model === 'dfr') {
    // I(n)L2: the informative content of the word (from its document frequency) times the
    // first normalisation's gain, tfn / (tfn + 1), where tfn is the length-normalised frequency.
    const tfn = (tf: string) =>
      `(${tf}) * ln(1 + ${RANKING.dfrC * avgLength}::float8 / greatest(c.length, 1)) / ${Math.LN2}`;
    return (t, counts) =>
      `${t.weight * Math.log2((chunkCount + 1) / (t.df + 0.5))} * ${tfn(weighted(counts))} / (${tfn(weighted(counts))} + 1)`;
  }
  if (RANKING.model === 'ql') {
    // Dirichlet-smoothed log likelihood, rank-equivalent form: ln(1 + tf / (μ p)) plus the
    // passage's length prior ln(μ / (length + μ)), counted once per question word.
    const mu = RANKING.qlMu * avgLength;
    return (t, counts) => {
      const p = Math.max(t.df, 1) / Math.max(chunkCount * avgLength, 1);
      return `${t.weight} * (ln(1 + ${weighted(counts)} / ${mu * p}) + ln(${mu}::float8 / (c.length + ${mu})))`;
    };
  }
  if (RANKING.titleNormalised === 0) {
    // BM25F with the title field left unnormalised: the body's occurrences are normalised by
    // the passage's length, the title's are not (a title is short whatever the passage).
    const norm = lengthNorm(avgLength);
    return (t, { all, title, exact }) => {
      const body = exact
        ? `${all} - ${title} + ${RANKING.exactFormWeight} * (${exact})`
        : `${all} - ${title}`;
      const tf = `((${body}) / ${norm} + ${RANKING.titleWeight} * ${title})`;
      return `${t.idf * t.weight} * ${tf} * ${RANKING.k1 + 1} / (${tf} + ${RANKING.k1})`;
    };
  }
  const saturate = bm25Saturation(avgLength);
  return (t, counts) => `${t.idf * t.weight} * ${saturate(weighted(counts))}`;
}

/** BM25's length normalisation (SQL): 1 - b + b × length / average length. */
function lengthNorm(avgLength: number): string {
  return `(${1 - RANKING.b} + ${RANKING.b} * c.length / ${avgLength}::float8)`;
}

/** BM25's saturation of a term frequency (SQL), normalised by the chunk's length. */
function bm25Saturation(avgLength: number): (tf: string) => string {
  const norm = lengthNorm(avgLength);
  return (tf) => `(${tf}) * ${RANKING.k1 + 1} / ((${tf}) + ${RANKING.k1} * ${norm})`;
}

/**
 * The candidate tsquery: any of the rarest terms whose readable document frequencies (each
 * term's frequency times the reader's `share` of the workspace) add up to at most the cap; when
 * the rarest term alone exceeds it, all of the fewest rarest terms whose joint frequency
 * (estimated as independent) falls under the cap.
 */
function candidateQuery(terms: AnalysedTerm[], chunkCount: number, share: number): string {
  if (terms[0].df * share > RANKING.candidateCap) {
    const picked: AnalysedTerm[] = [];
    let estimate = chunkCount * share;
    for (const term of terms) {
      picked.push(term);
      estimate *= term.df / Math.max(chunkCount, 1);
      if (estimate <= RANKING.candidateCap) break;
    }
    return picked.map((t) => tsqueryLexeme(t.lexeme)).join(' & ');
  }
  const picked: AnalysedTerm[] = [];
  let total = 0;
  for (const term of terms) {
    if (picked.length > 0 && total + term.df * share > RANKING.candidateCap) break;
    picked.push(term);
    total += term.df * share;
  }
  return orQuery(picked);
}

/** Terms (sorted rarest first) cut into at most three contiguous bands of similar IDF. */
function bands(terms: WeightedTerm[]): WeightedTerm[][] {
  const count = Math.min(3, terms.length);
  const size = Math.ceil(terms.length / count);
  const out: WeightedTerm[][] = [];
  for (let i = 0; i < terms.length; i += size) out.push(terms.slice(i, i + size));
  return out;
}

/** Terms next to each other in the question, in question order. */
function proximityPairs(terms: AnalysedTerm[]): [AnalysedTerm, AnalysedTerm][] {
  const ordered = [...terms].sort((a, b) => a.position - b.position);
  const pairs: [AnalysedTerm, AnalysedTerm][] = [];
  for (let i = 1; i < ordered.length; i++) pairs.push([ordered[i - 1], ordered[i]]);
  return pairs;
}

function orQuery(terms: AnalysedTerm[]): string {
  return terms.map((t) => tsqueryLexeme(t.lexeme)).join(' | ');
}
