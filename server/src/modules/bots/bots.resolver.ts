import {
  Arg,
  Authorized,
  Ctx,
  FieldResolver,
  ID,
  Int,
  Mutation,
  Query,
  Resolver,
  Root,
} from 'type-graphql';
import type { GraphQLContext } from '../../graphql/context.js';
import { AskResultType } from '../search/search.types.js';
import {
  BotInput,
  BotLogEntryType,
  BotLogConnectionType,
  BotReportType,
  BotSourceType,
  BotType,
  ProviderKeyStatus,
  ProviderKeyType,
  providerKeyStatus,
} from './bots.types.js';

const clamp = (n: number, max: number) => Math.min(Math.max(1, Math.floor(n)), max);

@Resolver(() => BotType)
export class BotsResolver {
  @FieldResolver(() => ProviderKeyStatus, {
    nullable: true,
    description:
      'The state of the key the bot answers on (its owner’s): MISSING without one, so answers are extractive. For those who manage the bot; null for others.',
  })
  async providerStatus(
    @Root() bot: BotType,
    @Ctx() ctx: GraphQLContext,
  ): Promise<ProviderKeyStatus | null> {
    if (!bot.canManage) return null;
    return providerKeyStatus(await ctx.services.bots.providerStatus(bot));
  }

  @Authorized()
  @Query(() => [BotType], {
    description: 'Bots the caller can see (their own, public ones; admins: all).',
  })
  async bots(@Ctx() ctx: GraphQLContext): Promise<BotType[]> {
    const bots = await ctx.services.bots.list(ctx.viewer!);
    return bots.map((b) => BotType.from(b, ctx.services.bots.canManage(ctx.viewer!, b)));
  }

  @Authorized()
  @Query(() => BotType)
  async bot(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext): Promise<BotType> {
    const bot = await ctx.services.bots.get(ctx.viewer!, id);
    return BotType.from(bot, ctx.services.bots.canManage(ctx.viewer!, bot));
  }

  @Authorized()
  @Query(() => [BotSourceType], { description: 'What the bot answers from.' })
  async botSources(
    @Arg('botId', () => ID) botId: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<BotSourceType[]> {
    const bot = await ctx.services.bots.get(ctx.viewer!, botId);
    const reader = await ctx.services.readers.forViewer(ctx.viewer!);
    return (await ctx.services.botSources.attachments(bot.id, reader)).map(BotSourceType.from);
  }

  @Authorized('bot.write')
  @Mutation(() => BotType)
  async createBot(
    @Arg('input', () => BotInput) input: BotInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<BotType> {
    return BotType.from(await ctx.services.bots.create(ctx.viewer!, { ...input }), true);
  }

  @Authorized()
  @Mutation(() => BotType)
  async updateBot(
    @Arg('id', () => ID) id: string,
    @Arg('input', () => BotInput) input: BotInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<BotType> {
    return BotType.from(await ctx.services.bots.update(ctx.viewer!, id, { ...input }), true);
  }

  @Authorized()
  @Mutation(() => BotType, {
    description: 'A new public chat link for the bot; the old link stops working at once.',
  })
  async rotateBotShareLink(
    @Arg('id', () => ID) id: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<BotType> {
    return BotType.from(await ctx.services.bots.rotateShareLink(ctx.viewer!, id), true);
  }

  @Authorized()
  @Mutation(() => BotType, { description: 'Turns the bot’s public chat link off or on.' })
  async setBotShareLink(
    @Arg('id', () => ID) id: string,
    @Arg('enabled', () => Boolean) enabled: boolean,
    @Ctx() ctx: GraphQLContext,
  ): Promise<BotType> {
    return BotType.from(await ctx.services.bots.setShareLink(ctx.viewer!, id, enabled), true);
  }

  @Authorized()
  @Mutation(() => Boolean)
  async deleteBot(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext): Promise<boolean> {
    await ctx.services.bots.delete(ctx.viewer!, id);
    return true;
  }

  @Authorized()
  @Mutation(() => BotSourceType, {
    description: 'Attaches a source (all its documents) or one document.',
  })
  async attachBotSource(
    @Arg('botId', () => ID) botId: string,
    @Arg('sourceId', () => ID, { nullable: true }) sourceId: string | null,
    @Arg('documentId', () => ID, { nullable: true }) documentId: string | null,
    @Ctx() ctx: GraphQLContext,
  ): Promise<BotSourceType> {
    return BotSourceType.from(
      await ctx.services.botSources.attach(ctx.viewer!, botId, { sourceId, documentId }),
    );
  }

  @Authorized()
  @Mutation(() => Boolean)
  async detachBotSource(
    @Arg('botId', () => ID) botId: string,
    @Arg('id', () => ID) id: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<boolean> {
    await ctx.services.botSources.detach(ctx.viewer!, botId, id);
    return true;
  }

  @Authorized()
  @Mutation(() => AskResultType, {
    description:
      'Asks a bot: its sources only, its language, its owner’s key and model (extractive without one).',
  })
  async askBot(
    @Arg('botId', () => ID) botId: string,
    @Arg('question', () => String) question: string,
    @Arg('conversationId', () => ID, {
      nullable: true,
      description: 'The conversation with this bot the question follows up on.',
    })
    conversationId: string | null,
    @Ctx() ctx: GraphQLContext,
  ): Promise<AskResultType> {
    return AskResultType.from(
      await ctx.services.botAnswers.askAsMember(ctx.viewer!, botId, question, conversationId),
    );
  }

  @Authorized()
  @Query(() => BotLogConnectionType, {
    description: 'Every question asked of the bot, newest first.',
  })
  async botLogs(
    @Arg('botId', () => ID) botId: string,
    @Arg('first', () => Int, { defaultValue: 20 }) first: number,
    @Arg('after', () => String, { nullable: true }) after: string | null,
    @Ctx() ctx: GraphQLContext,
  ): Promise<BotLogConnectionType> {
    const page = await ctx.services.botAnswers.logs(ctx.viewer!, botId, clamp(first, 100), after);
    return BotLogConnectionType.of(
      page.entries.map(BotLogEntryType.from),
      { endCursor: page.endCursor, hasNextPage: page.hasMore },
      page.total,
    );
  }

  @Authorized()
  @Query(() => BotReportType)
  botReport(
    @Arg('botId', () => ID) botId: string,
    @Arg('days', () => Int, { defaultValue: 30 }) days: number,
    @Ctx() ctx: GraphQLContext,
  ): Promise<BotReportType> {
    return ctx.services.botReports.report(ctx.viewer!, botId, clamp(days, 365));
  }

  @Authorized()
  @Query(() => ProviderKeyType, {
    nullable: true,
    description: 'The caller’s provider key, masked.',
  })
  async providerKey(@Ctx() ctx: GraphQLContext): Promise<ProviderKeyType | null> {
    const key = await ctx.services.providerKeys.get(ctx.viewer!);
    return key && ProviderKeyType.from(key);
  }

  @Authorized()
  @Mutation(() => ProviderKeyType, {
    description:
      'Saves the caller’s key (the masked value unchanged keeps it); `verify` asks the provider.',
  })
  async saveProviderKey(
    @Arg('value', () => String) value: string,
    @Arg('verify', () => Boolean, { defaultValue: false }) verify: boolean,
    @Ctx() ctx: GraphQLContext,
  ): Promise<ProviderKeyType> {
    return ProviderKeyType.from(await ctx.services.providerKeys.save(ctx.viewer!, value, verify));
  }

  @Authorized()
  @Mutation(() => Boolean)
  async deleteProviderKey(@Ctx() ctx: GraphQLContext): Promise<boolean> {
    await ctx.services.providerKeys.remove(ctx.viewer!);
    return true;
  }
}
