import { IsOptional, MaxLength } from 'class-validator';
import { Field, Float, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { PageInfo } from '../../graphql/page-info.js';
import { NOT_FOUND_ANSWER } from '../../ai/not-found.js';
import { AskSourceType } from './answer-source.types.js';
import type { FeedbackReport, Rating } from './answer-feedback.service.js';
import type { ConversationTurn } from './conversation.entity.js';
import type { ConversationSummary } from './conversations.service.js';
import { AnswerModeEnum } from '../../graphql/closed-sets.js';

export enum AnswerVote {
  UP = 'up',
  DOWN = 'down',
}
registerEnumType(AnswerVote, { name: 'AnswerVote', description: 'Thumbs up or down.' });

export enum FeedbackReasonEnum {
  WRONG = 'wrong',
  OUTDATED = 'outdated',
  MISSING_SOURCE = 'missing_source',
  OTHER = 'other',
}
registerEnumType(FeedbackReasonEnum, {
  name: 'FeedbackReason',
  description: 'Why an answer was voted down.',
});

@ObjectType('Conversation', { description: 'A thread of questions, seen by its owner only.' })
export class ConversationType {
  @Field(() => ID)
  id: string;

  @Field(() => String, { description: 'The first question, until renamed.' })
  title: string;

  @Field(() => ID, { nullable: true, description: 'The bot it was held with, if any.' })
  botId: string | null;

  @Field(() => String, { nullable: true })
  botName: string | null;

  @Field(() => Int)
  turnCount: number;

  @Field(() => String, {
    description: 'Where it was started: "web" (Lumen’s pages), "slack" or "api" (an API key).',
  })
  origin: string;

  @Field(() => Date)
  createdAt: Date;

  @Field(() => Date, { description: 'When the last question was asked.' })
  updatedAt: Date;

  static from(c: ConversationSummary): ConversationType {
    return Object.assign(new ConversationType(), c);
  }
}

@ObjectType('ConversationConnection')
export class ConversationConnectionType {
  @Field(() => [ConversationType])
  nodes: ConversationType[];

  @Field(() => PageInfo)
  pageInfo: PageInfo;
}

@ObjectType('AnswerRating', { description: 'The caller’s vote on an answer.' })
export class AnswerRatingType {
  @Field(() => ID)
  turnId: string;

  @Field(() => AnswerVote)
  vote: AnswerVote;

  @Field(() => FeedbackReasonEnum, { nullable: true })
  reason: FeedbackReasonEnum | null;

  @Field(() => String, { nullable: true })
  comment: string | null;

  @Field(() => Date)
  updatedAt: Date;

  static from(r: Rating): AnswerRatingType {
    return Object.assign(new AnswerRatingType(), {
      ...r,
      vote: r.vote > 0 ? AnswerVote.UP : AnswerVote.DOWN,
    });
  }
}

@ObjectType('ConversationTurn', { description: 'One question and its answer.' })
export class ConversationTurnType {
  @Field(() => ID)
  id: string;

  @Field(() => Int)
  ordinal: number;

  @Field(() => String)
  question: string;

  @Field(() => String, { description: 'What was searched (a follow-up made to stand alone).' })
  searchQuery: string;

  @Field(() => String)
  answer: string;

  @Field(() => Boolean, {
    description: 'False when the answer was the not-found answer (the sources did not say).',
  })
  found: boolean;

  @Field(() => AnswerModeEnum)
  mode: string;

  @Field(() => String, { nullable: true })
  notice: string | null;

  @Field(() => String, { nullable: true })
  model: string | null;

  @Field(() => [AskSourceType])
  sources: AskSourceType[];

  @Field(() => Date)
  createdAt: Date;

  @Field(() => AnswerRatingType, { nullable: true, description: 'The caller’s vote, if any.' })
  myRating: AnswerRatingType | null;

  static from(t: ConversationTurn, rating: Rating | undefined): ConversationTurnType {
    return Object.assign(new ConversationTurnType(), {
      id: t.id,
      ordinal: t.ordinal,
      question: t.question,
      searchQuery: t.searchQuery,
      answer: t.answer,
      // The not-found answer is one fixed text, so the turn keeps no flag of its own.
      found: t.answer !== NOT_FOUND_ANSWER,
      mode: t.mode,
      notice: t.notice,
      model: t.model,
      sources: t.sources.map((s) => AskSourceType.stored(s)),
      createdAt: t.createdAt,
      myRating: rating ? AnswerRatingType.from(rating) : null,
    });
  }
}

@ObjectType('ConversationThread')
export class ConversationThreadType {
  @Field(() => ConversationType)
  conversation: ConversationType;

  @Field(() => [ConversationTurnType], { description: 'Oldest first.' })
  turns: ConversationTurnType[];
}

@InputType({ description: 'A vote on an answer; sending it again changes the vote.' })
export class RateAnswerInput {
  @Field(() => ID)
  turnId: string;

  @Field(() => AnswerVote)
  vote: AnswerVote;

  @Field(() => FeedbackReasonEnum, { nullable: true })
  @IsOptional()
  reason?: FeedbackReasonEnum | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(4000) // the service's own rule (1,000 after trimming) gives the clear message
  comment?: string | null;
}

@ObjectType('FeedbackDay')
export class FeedbackDayType {
  @Field(() => String, { description: 'YYYY-MM-DD (UTC).' })
  day: string;

  @Field(() => Int, { description: 'Questions answered that day.' })
  answers: number;

  @Field(() => Int)
  up: number;

  @Field(() => Int)
  down: number;
}

@ObjectType('OriginCount', { description: 'Questions answered, by where they were asked.' })
export class OriginCountType {
  @Field(() => String, { description: 'web, slack or api.' })
  origin: string;

  @Field(() => Int)
  answers: number;
}

@ObjectType('FeedbackQuestion')
export class FeedbackQuestionType {
  @Field(() => String)
  question: string;

  @Field(() => Int)
  down: number;

  @Field(() => Int)
  up: number;

  @Field(() => Date)
  lastVotedAt: Date;
}

@ObjectType('FeedbackComment')
export class FeedbackCommentType {
  @Field(() => String)
  question: string;

  @Field(() => FeedbackReasonEnum, { nullable: true })
  reason: FeedbackReasonEnum | null;

  @Field(() => String, { nullable: true })
  comment: string | null;

  @Field(() => Date)
  votedAt: Date;
}

@ObjectType('FeedbackReport', { description: 'Votes on answers over a period.' })
export class FeedbackReportType {
  @Field(() => [FeedbackDayType])
  perDay: FeedbackDayType[];

  @Field(() => [OriginCountType], {
    description: 'Questions answered in the period by where they were asked, most first.',
  })
  answersByOrigin: OriginCountType[];

  @Field(() => Int)
  up: number;

  @Field(() => Int)
  down: number;

  @Field(() => Float, { nullable: true, description: 'down / (up + down); null without votes.' })
  downRate: number | null;

  @Field(() => [FeedbackQuestionType], { description: 'The questions voted down most.' })
  worstQuestions: FeedbackQuestionType[];

  @Field(() => [FeedbackCommentType], { description: 'The latest down-votes that say why.' })
  recentComments: FeedbackCommentType[];

  static from(r: FeedbackReport): FeedbackReportType {
    const votes = r.up + r.down;
    return Object.assign(new FeedbackReportType(), {
      ...r,
      downRate: votes > 0 ? r.down / votes : null,
    });
  }
}

@ObjectType('ConversationSettings', { description: 'How long the workspace keeps conversations.' })
export class ConversationSettingsType {
  @Field(() => Int, { description: 'Conversations untouched this many days are deleted.' })
  retentionDays: number;
}
