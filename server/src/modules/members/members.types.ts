import { PageInfo } from '../../graphql/page-info.js';
import { IsIn, IsOptional, Max, MaxLength, Min } from 'class-validator';
import { ArgsType, Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { ROLES } from '../identity/permissions.js';
import type { MemberFilter, MemberSort } from './members.service.js';
import { UserType } from '../identity/identity.types.js';
import { RoleKeyEnum } from '../../graphql/closed-sets.js';

export const MemberSortEnum = {
  FIRST_NAME: 'FIRST_NAME',
  LAST_NAME: 'LAST_NAME',
  EMAIL: 'EMAIL',
} as const;
export const MemberFilterEnum = {
  EVERYONE: 'EVERYONE',
  ADMINS: 'ADMINS',
  PRODUCT_EXPERTS: 'PRODUCT_EXPERTS',
  CUSTOMER_FACING: 'CUSTOMER_FACING',
} as const;
registerEnumType(MemberSortEnum, {
  name: 'MemberSort',
  description: 'How the member list is ordered.',
});
registerEnumType(MemberFilterEnum, {
  name: 'MemberFilter',
  description: 'Which members are listed, by role.',
});

@ArgsType()
export class MembersArgs {
  @Field(() => String, { nullable: true, description: 'Matches first name, last name or email.' })
  @IsOptional()
  @MaxLength(200)
  search?: string;

  @Field(() => MemberSortEnum, { defaultValue: 'FIRST_NAME' })
  sort: MemberSort;

  @Field(() => MemberFilterEnum, { defaultValue: 'EVERYONE' })
  filter: MemberFilter;

  @Field(() => Int, { defaultValue: 50, description: 'Page size, 1 to 100.' })
  @Min(1)
  @Max(100)
  first: number;

  @Field(() => String, { nullable: true, description: 'The endCursor of the previous page.' })
  @IsOptional()
  @MaxLength(50)
  after?: string;
}

@ObjectType()
export class MemberConnection {
  @Field(() => [UserType])
  nodes: UserType[];

  @Field(() => Int, { description: 'Members matching the search and filter, across all pages.' })
  totalCount: number;

  @Field(() => PageInfo)
  pageInfo: PageInfo;
}

@ObjectType('Role', { description: 'A role and the permissions it grants.' })
export class RoleType {
  @Field(() => String)
  key: string;

  @Field(() => String)
  label: string;

  @Field(() => [String])
  permissions: string[];
}

@ObjectType('InvitationLink', { description: 'An invitation link to share by hand.' })
export class InvitationLinkType {
  @Field(() => String)
  url: string;

  @Field(() => Date)
  expiresAt: Date;
}

@ObjectType('Invitation', { description: 'An open invitation to join the workspace.' })
export class InvitationType {
  @Field(() => ID)
  id: string;

  @Field(() => String)
  email: string;

  @Field(() => [RoleKeyEnum])
  roles: string[];

  @Field(() => String, { nullable: true })
  message: string | null;

  @Field(() => String, { nullable: true, description: 'Who sent it.' })
  invitedByName: string | null;

  @Field(() => Date)
  createdAt: Date;

  @Field(() => Date)
  expiresAt: Date;

  @Field(() => Boolean)
  expired: boolean;

  @Field(() => Int, { description: 'How many times the mail was sent.' })
  sendCount: number;
}

@ObjectType()
export class InviteSkip {
  @Field(() => String)
  email: string;

  @Field(() => String, {
    description:
      'INVALID_EMAIL, ALREADY_MEMBER or ALREADY_INVITED (an address with an account in another workspace is invited like any other: its owner is told by mail)',
  })
  reason: string;

  @Field(() => String)
  message: string;
}

@ObjectType()
export class InviteMembersResult {
  @Field(() => [InvitationType])
  invited: InvitationType[];

  @Field(() => [InviteSkip], { description: 'Addresses not invited, each with its reason.' })
  skipped: InviteSkip[];
}

const ROLE_KEYS = Object.keys(ROLES);

@InputType()
export class InviteMembersInput {
  @Field(() => String, { description: 'Addresses separated by commas (or new lines).' })
  @MaxLength(20_000)
  emails: string;

  @Field(() => String, { nullable: true, description: 'An optional note included in the mail.' })
  @IsOptional()
  @MaxLength(1000, { message: 'The message is at most 1000 characters.' })
  message?: string;

  @Field(() => [String], {
    nullable: true,
    description: 'Roles the invitees get; default customer_facing.',
  })
  @IsOptional()
  @IsIn(ROLE_KEYS, { each: true, message: 'Unknown role.' })
  roles?: string[];
}

@ObjectType({ description: 'What an invitation link shows before it is accepted.' })
export class InvitationPreview {
  @Field(() => String)
  email: string;

  @Field(() => String)
  workspaceName: string;

  @Field(() => String, { nullable: true })
  invitedByName: string | null;

  @Field(() => [RoleKeyEnum])
  roles: string[];

  @Field(() => Date)
  expiresAt: Date;
}

@InputType()
export class AcceptInvitationInput {
  @Field(() => String)
  @MaxLength(200)
  token: string;

  @Field(() => String)
  @MaxLength(100)
  firstName: string;

  @Field(() => String, { defaultValue: '' })
  @MaxLength(100)
  lastName: string;

  @Field(() => String)
  @MaxLength(128)
  password: string;
}
