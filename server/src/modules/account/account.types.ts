import { Field, ID, InputType, ObjectType } from 'type-graphql';
import type { SessionInfo } from '../auth/session-tokens.js';

@InputType('UpdateMyNameInput')
export class UpdateMyNameInput {
  @Field(() => String)
  firstName: string;

  @Field(() => String)
  lastName: string;
}

@InputType('ChangePasswordInput')
export class ChangePasswordInput {
  @Field(() => String)
  currentPassword: string;

  @Field(() => String, { description: 'The same rules as at sign-up.' })
  newPassword: string;
}

@ObjectType('AccountSession', {
  description: 'One sign-in of the caller that has not ended (its refresh tokens rotate).',
})
export class AccountSessionType {
  @Field(() => ID)
  id: string;

  @Field(() => Date)
  signedInAt: Date;

  @Field(() => Date, {
    description: 'When the session last renewed its access (every few minutes of use).',
  })
  lastUsedAt: Date;

  @Field(() => String, { nullable: true, description: 'The browser or program that signed in.' })
  userAgent: string | null;

  @Field(() => Boolean, { description: 'The session making this request.' })
  current: boolean;

  static from(row: SessionInfo, currentId: string | undefined): AccountSessionType {
    return Object.assign(new AccountSessionType(), {
      id: row.id,
      signedInAt: row.signedInAt,
      lastUsedAt: row.lastUsedAt,
      userAgent: row.userAgent,
      current: row.id === currentId,
    });
  }
}
