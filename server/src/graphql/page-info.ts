import { Field, ObjectType } from 'type-graphql';

/** Where a page of a list ends, and whether another follows (every paged list's). */
@ObjectType()
export class PageInfo {
  @Field(() => Boolean)
  hasNextPage: boolean;

  @Field(() => String, { nullable: true })
  endCursor: string | null;
}
