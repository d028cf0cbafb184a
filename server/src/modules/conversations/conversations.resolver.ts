import { Arg, Authorized, Ctx, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../../graphql/context.js';
import { readableDocumentIds } from '../corpus/index.js';
import { ConversationTurn } from './conversation.entity.js';
import type { Viewer } from '../identity/viewer.js';
import {
  AnswerRatingType,
  ConversationConnectionType,
  ConversationSettingsType,
  ConversationThreadType,
  ConversationType,
  ConversationTurnType,
  FeedbackReportType,
  RateAnswerInput,
} from './conversations.types.js';

const clamp = (n: number, max: number) => Math.min(Math.max(1, Math.floor(n)), max);
const own = (viewer: Viewer) => ({ workspaceId: viewer.workspaceId, userId: viewer.userId });

/** The caller's own conversations and votes; admins see votes only as reports, never threads. */
@Resolver()
export class ConversationsResolver {
  @Authorized()
  @Query(() => ConversationConnectionType, {
    description: 'The caller’s conversations, latest first; search matches titles and questions.',
  })
  async conversations(
    @Arg('first', () => Int, { defaultValue: 20 }) first: number,
    @Arg('after', () => String, { nullable: true, description: 'The previous page’s endCursor.' })
    after: string | null,
    @Arg('search', () => String, { nullable: true }) search: string | null,
    @Ctx() ctx: GraphQLContext,
  ): Promise<ConversationConnectionType> {
    const page = await ctx.services.conversations.list(own(ctx.viewer!), {
      first: clamp(first, 50),
      after,
      search,
    });
    return {
      nodes: page.nodes.map(ConversationType.from),
      pageInfo: { endCursor: page.endCursor, hasNextPage: page.hasMore },
    };
  }

  @Authorized()
  @Query(() => ConversationThreadType, { description: 'One of the caller’s conversations.' })
  async conversation(
    @Arg('id', () => ID) id: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<ConversationThreadType> {
    return this.thread(ctx, await ctx.services.conversations.get(own(ctx.viewer!), id));
  }

  @Authorized()
  @Mutation(() => ConversationThreadType)
  async renameConversation(
    @Arg('id', () => ID) id: string,
    @Arg('title', () => String) title: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<ConversationThreadType> {
    return this.thread(ctx, await ctx.services.conversations.rename(own(ctx.viewer!), id, title));
  }

  @Authorized()
  @Mutation(() => Boolean, { description: 'Deletes the conversation, its turns and their votes.' })
  async deleteConversation(
    @Arg('id', () => ID) id: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<boolean> {
    await ctx.services.conversations.delete(own(ctx.viewer!), id);
    return true;
  }

  @Authorized()
  @Mutation(() => AnswerRatingType, {
    description: 'Votes on an answer of the caller’s own conversation (again: changes the vote).',
  })
  async rateAnswer(
    @Arg('input', () => RateAnswerInput) input: RateAnswerInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<AnswerRatingType> {
    const viewer = ctx.viewer!;
    const rating = await ctx.services.answerFeedback.rate(
      { workspaceId: viewer.workspaceId, userId: viewer.userId, botId: null },
      input,
    );
    return AnswerRatingType.from(rating);
  }

  @Authorized()
  @Mutation(() => Boolean, { description: 'Takes the caller’s vote on an answer back.' })
  async removeAnswerRating(
    @Arg('turnId', () => ID) turnId: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<boolean> {
    const viewer = ctx.viewer!;
    await ctx.services.answerFeedback.unrate(
      { workspaceId: viewer.workspaceId, userId: viewer.userId, botId: null },
      turnId,
    );
    return true;
  }

  @Authorized('user.write')
  @Query(() => FeedbackReportType, {
    description: 'Admins: votes on the workspace’s own answers (not bots’) over the last days.',
  })
  async searchFeedbackReport(
    @Arg('days', () => Int, { defaultValue: 30 }) days: number,
    @Ctx() ctx: GraphQLContext,
  ): Promise<FeedbackReportType> {
    const report = await ctx.services.answerFeedback.report(
      { workspaceId: ctx.viewer!.workspaceId, botId: null },
      clamp(days, 365),
      await ctx.services.readers.forViewer(ctx.viewer!),
    );
    return FeedbackReportType.from(report);
  }

  @Authorized('user.write')
  @Query(() => ConversationSettingsType)
  async conversationSettings(@Ctx() ctx: GraphQLContext): Promise<ConversationSettingsType> {
    return {
      retentionDays: await ctx.services.conversations.retentionDays(ctx.viewer!.workspaceId),
    };
  }

  @Authorized('user.write')
  @Mutation(() => ConversationSettingsType, {
    description: 'Admins: how many days conversations are kept after their last question.',
  })
  async setConversationRetention(
    @Arg('days', () => Int) days: number,
    @Ctx() ctx: GraphQLContext,
  ): Promise<ConversationSettingsType> {
    const viewer = ctx.viewer!;
    const retentionDays = await ctx.services.conversations.setRetentionDays(
      viewer.workspaceId,
      days,
    );
    await ctx.services.auditLog.record(viewer, 'workspace.conversation_retention_changed', {
      type: 'workspace',
      id: viewer.workspaceId,
      label: `${retentionDays} days`,
    });
    return { retentionDays };
  }

  private async thread(
    ctx: GraphQLContext,
    found: Awaited<ReturnType<GraphQLContext['services']['conversations']['get']>>,
  ): Promise<ConversationThreadType> {
    const ratings = await ctx.services.answerFeedback.ratings(
      ctx.viewer!.userId,
      found.turns.map((t) => t.id),
    );
    // An earlier answer is shown again only while the caller may still read all it cites.
    const readable = await readableDocumentIds(
      ctx.services.db,
      await ctx.services.readers.forViewer(ctx.viewer!),
      found.turns.flatMap((t) => t.sources.map((s) => s.documentId)),
    );
    return {
      conversation: ConversationType.from(found.conversation),
      turns: found.turns.map((t) =>
        ConversationTurnType.from(
          t.sources.every((s) => readable.has(s.documentId)) ? t : withheld(t),
          ratings.get(t.id),
        ),
      ),
    };
  }
}

/** What is said in place of an answer that cites documents the caller can no longer open. */
export const WITHHELD_ANSWER = 'This answer cites documents you cannot open.';

function withheld(turn: ConversationTurn): ConversationTurn {
  return Object.assign(new ConversationTurn(), turn, { answer: WITHHELD_ANSWER, sources: [] });
}
