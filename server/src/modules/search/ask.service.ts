import type { DataSource } from 'typeorm';
import { answerMessages } from '../../ai/answer-prompt.js';
import { ChatProvider, type ProviderSettings } from '../../ai/chat-provider.js';
import { ProviderBreaker } from '../../ai/provider-breaker.js';
import { ProviderTurn, type AnswerProviderState } from '../../ai/provider-turn.js';
import { extractiveAnswer } from '../../ai/extractive-answer.js';
import { citedSentences, renumber, withoutRepeats } from '../../ai/answer-citations.js';
import {
  bestCoverage,
  citationsSupport,
  COVERAGE,
  coverageWeights,
  namesIn,
  type QuestionCues,
} from '../../ai/answer-coverage.js';
import { lexemesOf, type LexemeCache } from '../../ai/lexemes.js';
import { questionCues } from '../../ai/question-cues.js';
import type { Logger } from '../../shared/logger.js';
import { perMinute, RateLimiter } from '../../security/rate-limiter.js';
import type { Viewer } from '../identity/viewer.js';
import {
  type NumberedPassage,
  type Passage,
  type QueryTerm,
  readableDocumentIds,
  type Reader,
  type Readers,
  type SourceKind,
  unreadableLexemes,
} from '../corpus/index.js';
import type { AnswerFeedbackService } from '../conversations/answer-feedback.service.js';
import type { AnswerOrigin } from '../conversations/answer-origin.js';
import type { ConversationsService } from '../conversations/conversations.service.js';
import {
  carryOver,
  fromRewrite,
  historyMessages,
  keyWords,
  restated,
  rewriteMessages,
  shownSearch,
  usableRewrite,
  type FollowUpSearch,
  type PriorTurn,
} from '../conversations/follow-up.js';
import { AskSourceType } from '../conversations/answer-source.types.js';
import { NOT_FOUND_ANSWER } from '../../ai/not-found.js';
import type { SearchHistoryService } from './search-history.service.js';
import { checkIntegrations, checkQuestion } from './search-input.js';
import { SearchErrors } from './search.errors.js';
import type { SearchService } from './search.service.js';

export type AnswerMode = 'generated' | 'extractive';

export interface AskResult {
  historyId: string | null;
  /** The thread this answer belongs to (a new one when none was given); null when not kept. */
  conversationId: string | null;
  /** This question and answer within the thread: what feedback is given on. */
  turnId: string | null;
  question: string;
  /** What retrieval searched for: the question, or a follow-up made to stand alone. */
  searchQuery: string;
  answer: string;
  /**
   * False for the not-found answer: the sources do not say (then `sources` is empty and the
   * closest passages are in `related`); true for an answer drawn from cited sources.
   */
  found: boolean;
  mode: AnswerMode;
  /**
   * Why the answer is extractive when a provider was configured (bad key, timeout, …): given by
   * the answer that met the failure; later answers skipped by the key's breaker carry null.
   */
  notice: string | null;
  /** The key's state after this answer, stable for machines (a null notice says no more). */
  providerState: AnswerProviderState;
  model: string | null;
  /** The passages the answer cites, each with the number it is cited by. */
  sources: NumberedPassage[];
  /** Passages found for the question that the answer does not cite (shown apart, as related). */
  related: NumberedPassage[];
  timings: { retrievalMs: number; answerMs: number; totalMs: number };
}

/** What a streaming caller hears, in order: sources, answer pieces, then the final result. */
export type AskEvent =
  | { type: 'sources'; sources: NumberedPassage[]; retrievalMs: number; searchQuery: string }
  | { type: 'delta'; text: string }
  | { type: 'done'; result: AskResult };

export interface AskInput {
  question: unknown;
  integrations?: unknown;
  /** Restrictions a bot adds: only these sources/documents, this language and provider. */
  scope?: { sourceIds?: string[]; documentIds?: string[] };
  /**
   * Whose access bounds the answer when the asker is not the caller of ask (a bot's: the member
   * asking it, or a public page's visitor). Default: the asker's own.
   */
  reader?: Reader;
  language?: string;
  /** The bot's language code (en, ja, es, rs): the notice is written in it. */
  languageCode?: string;
  provider?: ChatProvider | null;
  /** Whether to write the question to the asker's history (bots keep their own log). */
  record?: boolean;
  /** The thread this question follows up on (its owner's, else 404). */
  conversationId?: unknown;
  /** The bot whose thread it is (bot chats keep their own threads). */
  botId?: string | null;
  /** Whose thread it is when not the asker's own (a member talking to a bot); null: a visitor. */
  threadOwnerId?: string | null;
  /** Where the question comes from (default: api for an API key, else web). */
  origin?: AnswerOrigin;
  /**
   * Whom to count the question against when the asker is no member (a Slack person Lumen does
   * not know): their own per-minute rate, like a member's.
   */
  rateKey?: string;
}

/**
 * What the answer decided from, for bench:answers' diagnostics (the bench runs the app in
 * process): called once per question with its best coverage. Unset in the product.
 */
export const askProbe: {
  coverage?: (question: string, coverage: number, passages: string[]) => void;
} = {};

/** The server key's name for its breaker (saved keys go by their row id). */
export const SERVER_KEY_ID = 'server';

/** Passages given to the answer; at most this many from one document, for breadth. */
export const ANSWER_PASSAGES = {
  /** Passages an extractive answer quotes from. */
  quoted: 5,
  /**
   * Passages a model is given: more than are quoted, since a model reads meaning and a
   * paraphrased question's passage is often ranked below the top five (bench:answers' context
   * recall).
   */
  model: 8,
};
const PER_DOCUMENT = 2;
export { NOT_FOUND_ANSWER };

/**
 * A question in, a cited answer out: retrieval over the caller's workspace, then the model
 * writing from the top passages (streamed), or the extractive answer when there is no key or
 * the provider fails — the caller always gets an answer, never a provider error.
 */
export class AskService {
  constructor(
    private readonly db: DataSource,
    private readonly search: SearchService,
    /** Whose access bounds each answer: the asker's, or a public page visitor's. */
    private readonly readers: Readers,
    private readonly history: SearchHistoryService,
    private readonly conversations: ConversationsService,
    private readonly feedback: AnswerFeedbackService,
    private readonly logger: Logger,
    private readonly settings: ProviderSettings,
    /** The asker's own saved key, when they have one (it wins over the server's). */
    private readonly userProvider: (
      userId: string,
      model: string,
    ) => Promise<ChatProvider | null> = async () => null,
    /** Questions per person per minute (each may be a paid provider call). */
    private readonly ratePerMinute = Infinity,
    /** Questions per minute for each API key (a script's own budget, apart from its person's). */
    private readonly apiKeyRatePerMinute = Infinity,
    /** Skips a failing key for a while (shared with the keys' status, one per process). */
    readonly breaker = new ProviderBreaker(),
  ) {
    this.throttle = new RateLimiter(db);
  }

  private readonly throttle: RateLimiter;

  /**
   * Counts a person's question against their rate; throws 429 with the wait when they are over
   * it. Public chat pages have their own limit per address.
   */
  private async admit(asker: { userId: string | null; apiKeyId?: string }, rateKey?: string) {
    const { userId, apiKeyId } = asker;
    const rate = apiKeyId ? this.apiKeyRatePerMinute : this.ratePerMinute;
    const key = apiKeyId
      ? `ask:key:${apiKeyId}`
      : userId
        ? `ask:${userId}`
        : rateKey
          ? `ask:${rateKey}`
          : null;
    if (!key || !Number.isFinite(rate)) return;
    // The question one over the rate is refused however many arrive at once (one upsert).
    const wait = await this.throttle.take(key, perMinute(rate));
    if (wait > 0) throw SearchErrors.tooManyQuestions(wait);
  }

  /**
   * The workspace's default provider: the server key, when one is configured. A refusal of it is
   * kept in memory (the key changes only with the configuration, so a restart clears it).
   */
  defaultProvider(): ChatProvider | null {
    const { apiKey, baseUrl, model, timeoutMs } = this.settings;
    if (!apiKey) return null;
    const breaker = this.breaker;
    return new ChatProvider({
      apiKey,
      baseUrl,
      model,
      timeoutMs,
      key: {
        id: SERVER_KEY_ID,
        owner: 'server',
        userId: null,
        invalidReason: null,
        markInvalid: async (reason) => breaker.markInvalid(SERVER_KEY_ID, reason),
      },
    });
  }

  /** `asker`: who asks (a bot's public page has no user; it never records history). */
  private async providerFor(userId: string | null): Promise<ChatProvider | null> {
    const own = userId ? await this.userProvider(userId, this.settings.model) : null;
    return own ?? this.defaultProvider();
  }

  async ask(
    asker: Viewer | { workspaceId: string; userId: null },
    input: AskInput,
    onEvent: (event: AskEvent) => void = () => {},
    signal?: AbortSignal,
  ): Promise<AskResult> {
    const question = checkQuestion(input.question);
    const kinds: SourceKind[] = checkIntegrations(input.integrations);
    const owner = {
      workspaceId: asker.workspaceId,
      userId: input.threadOwnerId !== undefined ? input.threadOwnerId : asker.userId,
      botId: input.botId ?? null,
    };
    // A thread that is not the asker's is refused before anything is counted or searched.
    const thread = await this.conversations.open(owner, input.conversationId);
    await this.admit(asker, input.rateKey);
    const started = performance.now();
    // A member reads what their access allows (a bot narrows it to its sources through the
    // scope below, never widens it); a public page's visitor only what the workspace may.
    const reader =
      input.reader ??
      (asker.userId === null
        ? await this.readers.forVisitor(asker.workspaceId)
        : await this.readers.forViewer(asker as Viewer));
    if (reader.workspaceId !== asker.workspaceId) throw new Error('reader of another workspace');
    // Earlier turns are re-checked against today's access before the model reads them again.
    thread.previous = await this.stillReadable(reader, thread.previous);
    const provider = new ProviderTurn(
      input.provider !== undefined ? input.provider : await this.providerFor(asker.userId),
      this.breaker,
      this.logger,
    );
    const search = await this.followUpSearch(question, thread.previous, provider, signal);
    const searchQuery = shownSearch(search);
    const {
      passages: found,
      terms,
      unknown,
    } = await this.search.passages(reader, {
      text: search.text,
      context: search.context ?? undefined,
      kinds,
      sourceIds: input.scope?.sourceIds,
      documentIds: input.scope?.documentIds,
      limit: (provider.model !== null ? ANSWER_PASSAGES.model : ANSWER_PASSAGES.quoted) * 3,
    });
    const ranked = await this.feedback.rerank(
      asker.workspaceId,
      terms.map((t) => t.lexeme),
      found,
    );
    const candidates = diverse(
      ranked,
      provider.model !== null ? ANSWER_PASSAGES.model : ANSWER_PASSAGES.quoted,
    );
    // Do the passages say anything about what is asked? If not, nobody writes an answer from them.
    // The passages' sentences, analysed once for the coverage check and the extractive answer.
    const analysed: LexemeCache = new Map();
    const { coverage, cues } = await this.coverage(
      reader,
      search.text,
      terms,
      unknown,
      candidates,
      analysed,
    );
    askProbe.coverage?.(
      question,
      coverage,
      candidates.map((p) => p.text),
    );
    const onTopic = coverage >= COVERAGE.minimum;
    // A model reads meaning, not only words ("where do we gather" for "the assembly point"): it
    // is given a looser match, told to say when the passages do not answer, and checked on its
    // citations. Sentences quoted without one need the words themselves.
    const forModel = provider.model !== null && coverage >= COVERAGE.modelMinimum;
    const retrievalMs = performance.now() - started;
    onEvent({
      type: 'sources',
      sources: onTopic || forModel ? candidates : [],
      retrievalMs,
      searchQuery,
    });

    let answer: string | null = null;
    let mode: AnswerMode = 'extractive';
    if (onTopic || forModel) {
      const written = await provider.run(
        'answer',
        (chat) =>
          chat.stream(
            answerMessages(question, candidates, input.language, historyMessages(thread.previous)),
            (text) => onEvent({ type: 'delta', text }),
            signal,
          ),
        signal,
      );
      if (written !== null) {
        mode = 'generated';
        // The model was told to cite every fact; an answer whose citations do not hold what it
        // says (or that cites nothing: "the sources do not cover it") is the not-found answer.
        const byNumber = new Map(candidates.map((p) => [p.number, p]));
        answer = (await citationsSupport(this.db, citedSentences(written), byNumber, question))
          ? written
          : null;
      }
    }
    // Only an answer the provider did not write says why (a refused rewrite is no reason).
    const notice = mode === 'extractive' ? provider.notice(owner.userId, input.languageCode) : null;
    if (answer === null && onTopic && mode === 'extractive') {
      answer = await extractiveAnswer(
        this.db,
        candidates.map((s) => ({
          text: s.text,
          title: s.title,
          isSheet: s.location?.kind === 'sheet',
        })),
        terms,
        // What the previous answer said, by sentence: said again only if it is the best answer.
        citedSentences(thread.previous.at(-1)?.answer ?? '').map((s) => s.text),
        analysed,
        cues,
      );
    }
    const numbers = new Set(candidates.map((p) => p.number));
    const tidy = answer === null ? null : renumber(withoutRepeats(answer, numbers), candidates);
    const isFound = tidy !== null && tidy.cited.length > 0;
    const totalMs = performance.now() - started;
    const result: AskResult = {
      historyId: null,
      conversationId: null,
      turnId: null,
      question,
      searchQuery,
      answer: isFound ? tidy.answer : NOT_FOUND_ANSWER,
      found: isFound,
      mode,
      notice,
      providerState: provider.state(),
      model: mode === 'generated' ? provider.model : null,
      sources: isFound ? tidy.cited : [],
      // Not found: the closest passages, as "might be related".
      related: isFound ? tidy.related : candidates,
      timings: { retrievalMs, answerMs: totalMs - retrievalMs, totalMs },
    };
    const origin = input.origin ?? ('apiKeyId' in asker && asker.apiKeyId ? 'api' : 'web');
    const kept = await this.conversations.append(
      owner,
      thread.conversation,
      {
        question,
        searchQuery,
        keyTerms: await keyWords(this.db, `${search.text} ${search.context ?? ''}`, terms),
        answer: result.answer,
        mode,
        notice,
        model: result.model,
        sources: result.sources.map((p) => ({ ...AskSourceType.from(p) })),
        latencyMs: totalMs,
      },
      origin,
    );
    result.conversationId = kept.conversationId;
    result.turnId = kept.turnId;
    // A public page's visitor is not recorded; a Slack person Lumen does not know is (Analytics).
    if (input.record !== false && (asker.userId !== null || origin === 'slack')) {
      result.historyId = await this.history.record(asker, {
        kind: 'ask',
        question,
        answerMode: mode,
        found: result.found,
        sourceCount: result.sources.length,
        latencyMs: totalMs,
        citedDocumentIds: [...new Set(result.sources.map((s) => s.documentId))],
        origin,
      });
    }
    onEvent({ type: 'done', result });
    return result;
  }

  /**
   * How much of the question the best place of the passages covers (answer-coverage.ts), judged
   * on what the reader may read: a word only unreadable sources hold counts as one none holds.
   */
  private async coverage(
    reader: Reader,
    question: string,
    terms: QueryTerm[],
    unknown: string[],
    passages: NumberedPassage[],
    analysed: LexemeCache,
  ): Promise<{ coverage: number; cues: QuestionCues }> {
    const names = namesIn(question);
    const [nameLexemes, hidden] = await Promise.all([
      names.length > 0
        ? lexemesOf(this.db, [names.join(' ')]).then(([l]) => l)
        : Promise.resolve(new Set<string>()),
      unreadableLexemes(
        this.db,
        reader,
        terms.filter((t) => t.idf > 0 && !t.carried).map((t) => t.lexeme),
      ).then((l) => new Set(l)),
    ]);
    const weights = coverageWeights(
      terms.filter((t) => !hidden.has(t.lexeme)),
      [...unknown, ...hidden],
      nameLexemes,
    );
    const cues = await questionCues(
      this.db,
      question,
      weights,
      nameLexemes,
      new Set([...unknown, ...hidden]),
    );
    const coverage = await bestCoverage(
      this.db,
      weights,
      passages.map((p) => ({ ...p, isSheet: p.location?.kind === 'sheet' })),
      analysed,
      cues,
    );
    return { coverage, cues };
  }

  /** The earlier turns whose cited documents the reader may all still read; the others are dropped. */
  private async stillReadable(reader: Reader, turns: PriorTurn[]): Promise<PriorTurn[]> {
    const cited = turns.flatMap((t) => t.citedDocumentIds);
    if (cited.length === 0) return turns;
    const readable = await readableDocumentIds(this.db, reader, cited);
    return turns.filter((t) => t.citedDocumentIds.every((id) => readable.has(id)));
  }

  /**
   * What a question searches for. A first question searches as asked. A follow-up searches with
   * its own words leading and words of the thread as weaker context (what "it" or "there" refer
   * to): the model's rewrite supplies them when it keeps the follow-up's own words, else the
   * previous search's key words do.
   */
  private async followUpSearch(
    question: string,
    previous: PriorTurn[],
    provider: ProviderTurn,
    signal?: AbortSignal,
  ): Promise<FollowUpSearch> {
    if (previous.length === 0) return { text: question, context: null };
    // The same breaker as the answer: a failing key is not tried here either.
    const rewritten = await provider.run(
      'follow-up rewrite',
      (chat) => chat.complete(rewriteMessages(previous, question), { maxTokens: 120, signal }),
      signal,
    );
    const rewrite = rewritten === null ? null : usableRewrite(rewritten);
    if (rewrite) {
      const [own, kept] = await lexemesOf(this.db, [question, rewrite]);
      // A rewrite that drops what the follow-up asks ("contractors") would answer another question.
      if ([...own].every((l) => kept.has(l))) return fromRewrite(question, rewrite, own, kept);
    }
    // "And the Stavanger one?": the previous question with the new name in place, asked anew.
    const swapped = restated(question, previous.at(-1));
    if (swapped) return { text: swapped, context: null };
    return carryOver(question, previous[previous.length - 1]);
  }
}

/**
 * The best passages, at most PER_DOCUMENT from any one document and never the same text twice
 * (the same file uploaded twice, a page copied into another), numbered as the answer cites them.
 */
function diverse(passages: Passage[], count: number): NumberedPassage[] {
  const perDocument = new Map<string, number>();
  const seenText = new Set<string>();
  const out: NumberedPassage[] = [];
  for (const p of passages) {
    const n = perDocument.get(p.documentId) ?? 0;
    const text = p.text.replace(/\s+/g, ' ').trim().toLowerCase();
    if (n >= PER_DOCUMENT || seenText.has(text)) continue;
    perDocument.set(p.documentId, n + 1);
    seenText.add(text);
    out.push({ ...p, number: out.length + 1 });
    if (out.length === count) break;
  }
  return out;
}
