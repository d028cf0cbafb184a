import { Arg, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../../graphql/context.js';
import type { SlackIntegration } from './slack-integration.entity.js';
import {
  ConnectSlackInput,
  SetSlackChannelInput,
  SlackChannelInfoType,
  SlackIntegrationType,
} from './slack.types.js';

/** The Slack integration, for admins (Integrations → Slack). */
@Resolver()
export class SlackResolver {
  @Authorized('user.write')
  @Query(() => SlackIntegrationType, {
    nullable: true,
    description: 'The workspace’s Slack app (admins); null when none is connected.',
  })
  async slackIntegration(@Ctx() ctx: GraphQLContext): Promise<SlackIntegrationType | null> {
    const found = await ctx.services.slack.integration(ctx.viewer!);
    return found ? toType(ctx, found) : null;
  }

  @Authorized('user.write')
  @Query(() => String, {
    description:
      'The Slack app manifest (JSON) to create the app from, its request URLs set to this install’s PUBLIC_URL (admins).',
  })
  slackManifest(@Ctx() ctx: GraphQLContext): string {
    return ctx.services.slack.manifest(ctx.viewer!);
  }

  @Authorized('user.write')
  @Query(() => [SlackChannelInfoType], {
    description:
      'The channels the bot can see (public ones, and private ones it was added to), read from Slack, for the channel picker (admins).',
  })
  slackChannels(@Ctx() ctx: GraphQLContext): Promise<SlackChannelInfoType[]> {
    return ctx.services.slack.listChannels(ctx.viewer!);
  }

  @Authorized('user.write')
  @Mutation(() => SlackIntegrationType, {
    description:
      'Connects the workspace’s Slack app (admins): the token is checked with auth.test (BAD_USER_INPUT when Slack refuses it) and stored sealed with the signing secret.',
  })
  async connectSlack(
    @Arg('input', () => ConnectSlackInput) input: ConnectSlackInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<SlackIntegrationType> {
    return toType(ctx, await ctx.services.slack.connect(ctx.viewer!, input));
  }

  @Authorized('user.write')
  @Mutation(() => SlackIntegrationType, {
    description:
      'Sets which bot answers in a channel (or the whole knowledge base) and when (admins); channelId * sets the default.',
  })
  async setSlackChannel(
    @Arg('input', () => SetSlackChannelInput) input: SetSlackChannelInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<SlackIntegrationType> {
    return toType(ctx, await ctx.services.slack.setChannel(ctx.viewer!, input));
  }

  @Authorized('user.write')
  @Mutation(() => Boolean, {
    description: 'Removes the Slack app’s token, secret and settings (admins).',
  })
  disconnectSlack(@Ctx() ctx: GraphQLContext): Promise<boolean> {
    return ctx.services.slack.disconnect(ctx.viewer!);
  }
}

async function toType(ctx: GraphQLContext, i: SlackIntegration): Promise<SlackIntegrationType> {
  return SlackIntegrationType.from(i, await ctx.services.slack.channels(i.id));
}
