import {
  AnswerVote,
  FeedbackReasonEnum,
  FeedbackReportType,
} from '../conversations/conversations.types.js';
import { IsOptional, MaxLength } from 'class-validator';
import {
  Field,
  Float,
  ID,
  InputType,
  Int,
  InterfaceType,
  ObjectType,
  registerEnumType,
} from 'type-graphql';
import type { ProviderState } from '../../ai/provider-breaker.js';
import type { Bot } from './bot.entity.js';
import type { MaskedKey } from '../provider-keys/provider-keys.service.js';
import type { BotLogRow } from './bot-answers.service.js';
import type { BotAttachment } from './bot-sources.service.js';
import { AnswerModeEnum, BotPrivacyEnum } from '../../graphql/closed-sets.js';
import { PageInfo } from '../../graphql/page-info.js';
import { ContentGapType } from '../search/content-gaps.types.js';

@InputType({ description: 'The bot form. Defaults: model gpt35, language en, privacy public.' })
export class BotInput {
  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(200)
  name?: string | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(2000)
  description?: string | null;

  @Field(() => String, { nullable: true, description: 'public or private' })
  @IsOptional()
  privacy?: string | null;

  @Field(() => String, { nullable: true, description: 'gpt4o, gpt4turbo or gpt35' })
  @IsOptional()
  model?: string | null;

  @Field(() => String, { nullable: true, description: 'en, ja, es or rs' })
  @IsOptional()
  language?: string | null;
}

/** An AI provider key's state, as the Integrations page and a bot's page show it. */
export enum ProviderKeyStatus {
  OK = 'OK',
  COOLING_DOWN = 'COOLING_DOWN',
  INVALID = 'INVALID',
  MISSING = 'MISSING',
}
registerEnumType(ProviderKeyStatus, {
  name: 'ProviderKeyStatus',
  description:
    'OK; COOLING_DOWN: the provider failed (outage, timeout, rate limit), so answers are extractive for a while before it is tried again; INVALID: the provider refused the key, which is not used until saved again; MISSING: no key (a bot whose owner has none).',
  valuesConfig: {
    COOLING_DOWN: { description: 'Failing: skipped for a while (30 s, doubling up to 10 min).' },
    INVALID: { description: 'Refused by the provider: not used until saved again.' },
  },
});

export function providerKeyStatus(state: ProviderState | null): ProviderKeyStatus {
  if (state === null) return ProviderKeyStatus.MISSING;
  return state === 'invalid'
    ? ProviderKeyStatus.INVALID
    : state === 'cooling_down'
      ? ProviderKeyStatus.COOLING_DOWN
      : ProviderKeyStatus.OK;
}

@ObjectType('Bot')
export class BotType {
  @Field(() => ID)
  id: string;

  @Field(() => String)
  name: string;

  @Field(() => String)
  description: string;

  @Field(() => BotPrivacyEnum)
  privacy: string;

  @Field(() => String)
  model: string;

  @Field(() => String)
  language: string;

  @Field(() => ID)
  ownerId: string;

  @Field(() => Date)
  createdAt: Date;

  @Field(() => Date)
  updatedAt: Date;

  @Field(() => Boolean, { description: 'Whether the caller may edit, delete and see the log.' })
  canManage: boolean;

  @Field(() => String, {
    nullable: true,
    description: 'The public chat page (public bots, for those who manage them).',
  })
  sharePath: string | null;

  @Field(() => Boolean, {
    description:
      'Whether the share link answers (public bots); off, the bot is for the workspace only.',
  })
  shareEnabled: boolean;

  static from(bot: Bot, canManage: boolean): BotType {
    return Object.assign(new BotType(), {
      id: bot.id,
      name: bot.name,
      description: bot.description,
      privacy: bot.privacy,
      model: bot.model,
      language: bot.language,
      ownerId: bot.ownerId,
      createdAt: bot.createdAt,
      updatedAt: bot.updatedAt,
      canManage,
      sharePath:
        canManage && bot.privacy === 'public' && bot.shareEnabled
          ? `/chat/${bot.shareToken}`
          : null,
      shareEnabled: bot.shareEnabled,
    });
  }
}

@ObjectType('BotSource', { description: 'A source or a document a bot answers from.' })
export class BotSourceType {
  @Field(() => ID)
  id: string;

  @Field(() => String, { description: 'source or document' })
  kind: string;

  @Field(() => ID, { nullable: true })
  sourceId: string | null;

  @Field(() => ID, { nullable: true })
  documentId: string | null;

  @Field(() => String)
  title: string;

  @Field(() => Int)
  documentCount: number;

  @Field(() => Boolean, {
    description:
      'Whether the caller may read it: a bot answers each person from what they may read, so it is named only to those who may (title says so otherwise).',
  })
  readable: boolean;

  @Field(() => Boolean, {
    description:
      'Whether the bot’s public link answers from it: only sources open to the whole workspace are used there.',
  })
  usedByPublicLink: boolean;

  static from(a: BotAttachment): BotSourceType {
    return Object.assign(new BotSourceType(), a);
  }
}

@ObjectType('BotLogSource')
export class BotLogSourceType {
  @Field(() => String)
  title: string;

  @Field(() => String)
  url: string;
}

@ObjectType('BotLogFeedback', { description: 'What the asker said of the answer.' })
export class BotLogFeedbackType {
  @Field(() => AnswerVote)
  vote: AnswerVote;

  @Field(() => FeedbackReasonEnum, { nullable: true })
  reason: string | null;

  @Field(() => String, { nullable: true })
  comment: string | null;
}

@ObjectType('BotLogEntry')
export class BotLogEntryType {
  @Field(() => ID)
  id: string;

  @Field(() => String)
  question: string;

  @Field(() => String)
  answer: string;

  @Field(() => AnswerModeEnum)
  mode: string;

  @Field(() => Boolean)
  fromSources: boolean;

  @Field(() => [BotLogSourceType])
  sources: BotLogSourceType[];

  @Field(() => Int)
  latencyMs: number;

  @Field(() => String, {
    description:
      'Who asked: a member’s name or email, "Public link", or "Slack" for a Slack person matching no member.',
  })
  askedBy: string;

  @Field(() => String, {
    description: 'Where it was asked: "web" (Lumen’s pages), "slack" or "api" (an API key).',
  })
  origin: string;

  @Field(() => Date)
  createdAt: Date;

  @Field(() => BotLogFeedbackType, { nullable: true, description: 'The asker’s vote, if any.' })
  feedback: BotLogFeedbackType | null;

  @Field(() => Boolean, {
    description:
      'The answer cites documents the caller may not read: its text says so and its sources are left out.',
  })
  withheld: boolean;

  static from(row: BotLogRow & { asked_by_name: string | null }): BotLogEntryType {
    return Object.assign(new BotLogEntryType(), {
      id: row.id,
      question: row.question,
      answer: row.answer,
      mode: row.mode,
      fromSources: row.from_sources,
      sources: row.sources.map((s) => ({ title: s.title, url: s.url })),
      latencyMs: row.latency_ms,
      askedBy:
        row.asked_by_name ??
        row.asked_by_email ??
        (row.origin === 'slack' ? 'Slack' : 'Public link'),
      origin: row.origin,
      createdAt: row.created_at,
      withheld: row.withheld ?? false,
      feedback:
        row.feedback_vote === null
          ? null
          : {
              vote: row.feedback_vote > 0 ? AnswerVote.UP : AnswerVote.DOWN,
              reason: row.feedback_reason,
              comment: row.feedback_comment,
            },
    });
  }
}

/**
 * The shape `botLogs` had in 1.0.0 (an object type then). It stays, as an interface that
 * BotLogConnection implements, so that a query written then (`botLogs { entries total hasMore
 * endCursor }`, or a fragment `on BotLogPage`) keeps working: see "Compatibility" in docs/API.md.
 */
@InterfaceType('BotLogPage', {
  description:
    'Deprecated: the fields `botLogs` had in 1.0.0, kept so that queries written then keep working. Use BotLogConnection’s `nodes`, `pageInfo` and `totalCount`.',
})
export abstract class BotLogPageType {
  @Field(() => [BotLogEntryType], { deprecationReason: 'Use nodes.' })
  entries: BotLogEntryType[];

  @Field(() => Int, { deprecationReason: 'Use totalCount.' })
  total: number;

  @Field(() => Boolean, { deprecationReason: 'Use pageInfo.hasNextPage.' })
  hasMore: boolean;

  @Field(() => String, { nullable: true, deprecationReason: 'Use pageInfo.endCursor.' })
  endCursor: string | null;
}

/** The bot's log a page at a time, in the same shape as every paged list (members, audit). */
@ObjectType('BotLogConnection', { implements: BotLogPageType })
export class BotLogConnectionType implements BotLogPageType {
  @Field(() => [BotLogEntryType])
  nodes: BotLogEntryType[];

  @Field(() => PageInfo)
  pageInfo: PageInfo;

  @Field(() => Int, { description: 'Questions in the whole log.' })
  totalCount: number;

  // 1.0.0's fields (BotLogPage), read from the ones above so the two can never disagree.
  get entries(): BotLogEntryType[] {
    return this.nodes;
  }

  get total(): number {
    return this.totalCount;
  }

  get hasMore(): boolean {
    return this.pageInfo.hasNextPage;
  }

  get endCursor(): string | null {
    return this.pageInfo.endCursor;
  }

  static of(nodes: BotLogEntryType[], pageInfo: PageInfo, totalCount: number) {
    return Object.assign(new BotLogConnectionType(), { nodes, pageInfo, totalCount });
  }
}

@ObjectType('BotDay')
export class BotDayType {
  @Field(() => String, { description: 'YYYY-MM-DD (UTC)' })
  day: string;

  @Field(() => Int)
  questions: number;

  @Field(() => Int, { description: 'Of which answered from the bot’s sources.' })
  answered: number;
}

@ObjectType('BotTopSource')
export class BotTopSourceType {
  @Field(() => String)
  title: string;

  @Field(() => ID)
  documentId: string;

  @Field(() => Int)
  citations: number;
}

@ObjectType('BotReport')
export class BotReportType {
  @Field(() => FeedbackReportType, { description: 'Votes on the bot’s answers in the period.' })
  feedback: FeedbackReportType;

  @Field(() => [BotDayType])
  perDay: BotDayType[];

  @Field(() => Int)
  questions: number;

  @Field(() => Int)
  answered: number;

  @Field(() => Float)
  averageLatencyMs: number;

  @Field(() => [BotTopSourceType])
  topSources: BotTopSourceType[];

  @Field(() => [ContentGapType], {
    description:
      'The questions of the period the bot’s sources did not answer, most asked first (at most 20).',
  })
  contentGaps: ContentGapType[];
}

@ObjectType('ProviderKey', { description: 'The caller’s AI provider key, masked.' })
export class ProviderKeyType {
  @Field(() => ID)
  id: string;

  @Field(() => String, { description: 'e.g. sk-…abcd; never the key itself.' })
  masked: string;

  @Field(() => Date, { nullable: true })
  verifiedAt: Date | null;

  @Field(() => Boolean, {
    nullable: true,
    description: 'After a save with verify: did the provider accept it.',
  })
  verified?: boolean | null;

  @Field(() => String, { nullable: true })
  verifyMessage?: string | null;

  @Field(() => ProviderKeyStatus, { description: 'OK, COOLING_DOWN or INVALID (never MISSING).' })
  status: ProviderKeyStatus;

  @Field(() => Date, { nullable: true, description: 'When the provider refused the key.' })
  invalidAt: Date | null;

  @Field(() => String, { nullable: true, description: 'Why it was refused (INVALID).' })
  invalidReason: string | null;

  @Field(() => Date, { nullable: true, description: 'When a COOLING_DOWN key is tried again.' })
  retryAt: Date | null;

  static from(key: MaskedKey & { verified?: boolean | null; verifyMessage?: string | null }) {
    return Object.assign(new ProviderKeyType(), { ...key, status: providerKeyStatus(key.status) });
  }
}
