import { Field, ObjectType } from 'type-graphql';
import type { LinkedAccount } from './linked-account.entity.js';

@ObjectType('LinkedAccount', {
  description: 'Your own account at a connected tool’s provider, proven through its OAuth.',
})
export class LinkedAccountType {
  @Field(() => String, { description: 'atlassian, google or github.' })
  provider: string;

  @Field(() => String, {
    description:
      'The provider’s stable account id: Atlassian account_id, Google sub, GitHub numeric user id.',
  })
  accountId: string;

  @Field(() => String, {
    nullable: true,
    description: 'The account’s email, only when the provider says it is verified.',
  })
  email: string | null;

  @Field(() => Date)
  linkedAt: Date;

  @Field(() => Boolean, {
    description:
      'Whether Lumen may ask the provider’s tools, with this account, what you may read: the fallback for a connection whose account may not read the tool’s permissions. False when the link only identifies you, or once the provider stopped accepting its token (link again).',
  })
  checksAccess: boolean;

  static from(row: LinkedAccount): LinkedAccountType {
    return Object.assign(new LinkedAccountType(), {
      provider: row.provider,
      accountId: row.accountId,
      email: row.email,
      linkedAt: row.linkedAt,
      checksAccess: row.sealedToken !== null,
    });
  }
}
