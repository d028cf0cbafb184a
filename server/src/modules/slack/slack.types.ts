import { IsOptional, MaxLength } from 'class-validator';
import { Field, ID, InputType, ObjectType, registerEnumType } from 'type-graphql';
import type { SlackChannel, SlackIntegration } from './slack-integration.entity.js';

export enum SlackIntegrationStatus {
  CONNECTED = 'CONNECTED',
  REVOKED = 'REVOKED',
}
registerEnumType(SlackIntegrationStatus, {
  name: 'SlackIntegrationStatus',
  description:
    'CONNECTED: Lumen answers in Slack. REVOKED: Slack no longer accepts the token (revokedReason says why); connect again.',
});

export enum SlackChannelMode {
  MENTION = 'MENTION',
  ALL = 'ALL',
  OFF = 'OFF',
}
registerEnumType(SlackChannelMode, {
  name: 'SlackChannelMode',
  description:
    'MENTION: answers when @mentioned (and replies in its threads). ALL: every new message of the channel is a question. OFF: never answers there.',
});

@ObjectType('SlackChannel', { description: 'Where and how Lumen answers in one Slack channel.' })
export class SlackChannelType {
  @Field(() => String, {
    description:
      'Slack’s channel id (C…, G…); * is the default for direct messages and unlisted channels.',
  })
  channelId: string;

  @Field(() => ID, {
    nullable: true,
    description: 'The Lumen bot that answers there; null: the whole knowledge base.',
  })
  botId: string | null;

  @Field(() => SlackChannelMode, { description: 'When Lumen answers there.' })
  mode: SlackChannelMode;

  static from(c: SlackChannel): SlackChannelType {
    return Object.assign(new SlackChannelType(), {
      channelId: c.channelId,
      botId: c.botId,
      mode: c.mode as SlackChannelMode,
    });
  }
}

@ObjectType('SlackIntegration', {
  description: 'The workspace’s Slack app. Its bot token and signing secret are never shown.',
})
export class SlackIntegrationType {
  @Field(() => String, { description: 'Slack’s team id (T…), from auth.test.' })
  teamId: string;

  @Field(() => String, { description: 'The Slack workspace’s name.' })
  teamName: string;

  @Field(() => Date, { description: 'When the token was last connected.' })
  connectedAt: Date;

  @Field(() => SlackIntegrationStatus, { description: 'Whether Slack still accepts the token.' })
  status: SlackIntegrationStatus;

  @Field(() => String, {
    nullable: true,
    description: 'Why the integration was revoked (token_revoked, app_uninstalled, invalid_auth…).',
  })
  revokedReason: string | null;

  @Field(() => String, { description: 'The bot’s Slack user id (what @Lumen mentions).' })
  botUserId: string;

  @Field(() => [SlackChannelType], {
    description: 'The channels set up one by one (the default is apart, in defaultChannel).',
  })
  channels: SlackChannelType[];

  @Field(() => SlackChannelType, {
    description:
      'The default (channelId *): direct messages and every channel not listed. Change it with setSlackChannel(channelId: "*").',
  })
  defaultChannel: SlackChannelType;

  static from(i: SlackIntegration, channels: SlackChannel[]): SlackIntegrationType {
    const fallback = channels.find((c) => c.channelId === '*');
    return Object.assign(new SlackIntegrationType(), {
      teamId: i.teamId,
      teamName: i.teamName,
      connectedAt: i.connectedAt,
      status: i.status as SlackIntegrationStatus,
      revokedReason: i.revokedReason,
      botUserId: i.botUserId,
      channels: channels.filter((c) => c.channelId !== '*').map(SlackChannelType.from),
      defaultChannel: fallback
        ? SlackChannelType.from(fallback)
        : Object.assign(new SlackChannelType(), {
            channelId: '*',
            botId: null,
            mode: SlackChannelMode.MENTION,
          }),
    });
  }
}

@ObjectType('SlackChannelInfo', { description: 'A Slack channel the bot can see, for the picker.' })
export class SlackChannelInfoType {
  @Field(() => String, { description: 'Slack’s channel id.' })
  id: string;

  @Field(() => String, { description: 'Its name, without #.' })
  name: string;

  @Field(() => Boolean, { description: 'A private channel (the bot was added to it).' })
  isPrivate: boolean;
}

@InputType('ConnectSlackInput', { description: 'What the admin copies from their Slack app.' })
export class ConnectSlackInput {
  @Field(() => String, {
    description: 'The Bot User OAuth Token (xoxb-…); stored sealed, never shown again.',
  })
  @MaxLength(300)
  botToken: string;

  @Field(() => String, {
    description: 'The app’s Signing Secret (Basic Information); stored sealed, never shown again.',
  })
  @MaxLength(300)
  signingSecret: string;
}

@InputType('SetSlackChannelInput', { description: 'Where and how Lumen answers in a channel.' })
export class SetSlackChannelInput {
  @Field(() => String, {
    description: 'Slack’s channel id (C…, G…), or * for direct messages and unlisted channels.',
  })
  @MaxLength(40)
  channelId: string;

  @Field(() => ID, {
    nullable: true,
    description:
      'A bot of the workspace to answer there; null or absent: the whole knowledge base.',
  })
  @IsOptional()
  botId?: string | null;

  @Field(() => SlackChannelMode, { description: 'When Lumen answers there.' })
  mode: SlackChannelMode;
}
