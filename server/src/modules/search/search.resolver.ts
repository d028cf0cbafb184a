import { Arg, Authorized, Ctx, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../../graphql/context.js';
import { assertId } from '../../shared/ids.js';
import { DocumentType } from '../sources/sources.types.js';
import { locationLabel } from '../corpus/index.js';
import { checkIntegrations, checkQuestion } from './search-input.js';
import { ContentGapType } from './content-gaps.types.js';
import {
  AskInput,
  AskResultType,
  DocumentContentType,
  PopularQuestionType,
  RecentQuestionType,
  SearchHitType,
  SearchResultsType,
  ViewedDocumentType,
} from './search.types.js';

const clamp = (n: number, max: number) => Math.min(Math.max(1, Math.floor(n)), max);

@Resolver()
export class SearchResolver {
  @Authorized('search.read')
  @Mutation(() => AskResultType, {
    description:
      'Answers a question from the workspace’s documents with cited sources (streamed form: POST /api/ask/stream).',
  })
  async ask(
    @Arg('input', () => AskInput) input: AskInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<AskResultType> {
    return AskResultType.from(await ctx.services.ask.ask(ctx.viewer!, input));
  }

  @Authorized('search.read')
  @Query(() => SearchResultsType, { description: 'Documents matching a search, best first.' })
  async searchDocuments(
    @Arg('query', () => String) query: string,
    @Arg('integrations', () => [String], { nullable: true }) integrations: string[] | null,
    @Arg('first', () => Int, { defaultValue: 10 }) first: number,
    @Ctx() ctx: GraphQLContext,
  ): Promise<SearchResultsType> {
    const started = performance.now();
    const text = checkQuestion(query, 'search');
    const { hits } = await ctx.services.search.documents(
      await ctx.services.readers.forViewer(ctx.viewer!),
      {
        text,
        kinds: checkIntegrations(integrations),
        first: clamp(first, 50),
      },
    );
    return {
      query: text,
      hits: hits.map(SearchHitType.from),
      tookMs: performance.now() - started,
    };
  }

  @Authorized('search.read')
  @Mutation(() => Boolean, {
    description: 'Adds a search the user ran on purpose to their recent searches.',
  })
  async recordSearch(
    @Arg('query', () => String) query: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<boolean> {
    await ctx.services.history.recordSearch(ctx.viewer!, query);
    return true;
  }

  @Authorized()
  @Query(() => [RecentQuestionType], {
    description: 'The caller’s latest distinct questions and searches.',
  })
  recentQuestions(
    @Arg('first', () => Int, { defaultValue: 8 }) first: number,
    @Ctx() ctx: GraphQLContext,
  ): Promise<RecentQuestionType[]> {
    return ctx.services.history.recent(ctx.viewer!, clamp(first, 50));
  }

  @Authorized()
  @Query(() => [PopularQuestionType], { description: 'The workspace’s most asked questions.' })
  popularQuestions(
    @Arg('first', () => Int, { defaultValue: 8 }) first: number,
    @Ctx() ctx: GraphQLContext,
  ): Promise<PopularQuestionType[]> {
    return ctx.services.history.popular(ctx.viewer!, clamp(first, 50));
  }

  @Authorized('user.write')
  @Query(() => [ContentGapType], {
    description:
      'Admins: questions asked on Home in the last days that the sources did not answer, most asked first. A question is listed only once three different members asked it (one person’s questions stay theirs), never with who asked.',
  })
  contentGaps(
    @Arg('days', () => Int, { defaultValue: 30 }) days: number,
    @Arg('first', () => Int, { defaultValue: 20 }) first: number,
    @Ctx() ctx: GraphQLContext,
  ): Promise<ContentGapType[]> {
    return ctx.services.history.contentGaps(
      ctx.viewer!.workspaceId,
      clamp(days, 365),
      clamp(first, 100),
    );
  }

  @Authorized('user.write')
  @Query(() => Int, {
    description:
      'Admins: how many questions of the last days the sources did not answer are not listed by contentGaps because fewer than three members asked them (a count only).',
  })
  contentGapsHidden(
    @Arg('days', () => Int, { defaultValue: 30 }) days: number,
    @Ctx() ctx: GraphQLContext,
  ): Promise<number> {
    return ctx.services.history.hiddenContentGaps(ctx.viewer!.workspaceId, clamp(days, 365));
  }

  @Authorized()
  @Query(() => [ViewedDocumentType], { description: 'Documents the caller opened last.' })
  async recentlyViewedDocuments(
    @Arg('first', () => Int, { defaultValue: 8 }) first: number,
    @Ctx() ctx: GraphQLContext,
  ): Promise<ViewedDocumentType[]> {
    const views = await ctx.services.history.recentlyViewed(ctx.viewer!, clamp(first, 50));
    return views.map((v) => ({
      document: DocumentType.from(v.document),
      url: `/app/documents/${v.document.id}`,
      viewedAt: v.viewedAt,
    }));
  }

  @Authorized('search.read')
  @Query(() => DocumentContentType, {
    description: 'A document’s indexed passages, for the viewer.',
  })
  async documentContent(
    @Arg('id', () => ID) id: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<DocumentContentType> {
    assertId(id);
    const { doc, source, rows } = await ctx.services.sources.documentContent(ctx.viewer!, id);
    return {
      document: DocumentType.from(doc),
      sourceName: source.name,
      sourceKind: source.kind,
      passages: rows.map((r) => ({
        ordinal: r.ordinal,
        location: locationLabel(r.location),
        locationKind: r.location?.kind ?? null,
        locationIndex: r.location?.index ?? null,
        text: r.text,
      })),
    };
  }

  @Authorized('search.read')
  @Mutation(() => Boolean, { description: 'Adds a document to the caller’s recently viewed.' })
  async recordDocumentView(
    @Arg('id', () => ID) id: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<boolean> {
    assertId(id);
    await ctx.services.history.recordView(ctx.viewer!, id);
    return true;
  }
}
