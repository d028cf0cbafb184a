import { Field, Int, ObjectType } from 'type-graphql';

/** One workspace's (or one bot's) questions the sources did not answer, grouped by question. */
@ObjectType('ContentGap', {
  description:
    'A question that got the not-found answer (the sources do not say), grouped with the same question asked again: something to write down.',
})
export class ContentGapType {
  @Field(() => String, { description: 'The latest wording asked.' })
  question: string;

  @Field(() => Int, { description: 'Times it was asked in the period and not answered.' })
  count: number;

  @Field(() => Int, {
    description:
      'Different people who asked it in the period (a bot’s public link visitors count as one).',
  })
  askers: number;

  @Field(() => Date)
  lastAskedAt: Date;

  @Field(() => [String], {
    description: 'Where it was asked (web, slack, api), so a question asked in Slack is marked.',
  })
  origins: string[];
}
