import { ArrayMaxSize, IsOptional, MaxLength } from 'class-validator';
import { Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { UserType } from '../identity/identity.types.js';
import type { User } from '../identity/user.entity.js';
import type { GroupWithMembers } from './groups.service.js';
import {
  MAX_GROUP_MEMBERS,
  MAX_GROUP_NAME,
  MAX_SOURCE_GROUPS,
  MAX_SOURCE_MEMBERS,
} from './access-limits.js';

export enum SourceAccessModeEnum {
  WORKSPACE = 'WORKSPACE',
  RESTRICTED = 'RESTRICTED',
  MIRROR = 'MIRROR',
}
registerEnumType(SourceAccessModeEnum, {
  name: 'SourceAccessMode',
  description:
    'WORKSPACE: every member reads the source. RESTRICTED: only its owner and the chosen members and groups. MIRROR: each item as the connected tool lets each member read it (through their linked accounts).',
  valuesConfig: {
    WORKSPACE: { description: 'Everyone in the workspace.' },
    RESTRICTED: { description: 'Only the owner and the chosen people and groups.' },
    MIRROR: {
      description:
        'Each item as the connected tool lets the member read it (the default for a new connection); the owner reads every item. Not for uploads.',
    },
  },
});

@ObjectType('Group', { description: 'A named set of members that source access can name.' })
export class GroupType {
  @Field(() => ID)
  id: string;

  @Field(() => String)
  name: string;

  @Field(() => [UserType], { description: 'Sorted by email.' })
  members: UserType[];

  @Field(() => Int)
  memberCount: number;

  @Field(() => Date)
  createdAt: Date;

  @Field(() => Boolean, {
    description:
      'The company’s identity provider manages the group through SCIM: its name and members change there, and updateGroup refuses to change them by hand (SCIM_MANAGED).',
  })
  managedByScim: boolean;

  static from({ group, members }: GroupWithMembers): GroupType {
    return Object.assign(new GroupType(), {
      id: group.id,
      name: group.name,
      members: members.map(UserType.from),
      memberCount: members.length,
      createdAt: group.createdAt,
      managedByScim: group.scimManaged ?? false,
    });
  }
}

@ObjectType('SourceAccess', { description: 'Who reads a source’s documents.' })
export class SourceAccessType {
  @Field(() => SourceAccessModeEnum)
  mode: SourceAccessModeEnum;

  @Field(() => [UserType], {
    description:
      'The chosen members (the owner is implied, not listed). Only the source’s owner and admins see the lists; others get them empty and the counts.',
  })
  members: UserType[];

  @Field(() => [GroupType], {
    description: 'The chosen groups (owner and admins only, like members).',
  })
  groups: GroupType[];

  @Field(() => Int, { description: 'How many members were chosen (the owner not counted).' })
  memberCount: number;

  @Field(() => Int, { description: 'How many groups were chosen.' })
  groupCount: number;

  @Field(() => Int, {
    nullable: true,
    description:
      'MIRROR: minutes between reads of the tool’s permissions (the source’s own, else the server’s CONNECTOR_PERMISSION_SYNC_MINUTES); null for other modes.',
  })
  permissionSyncMinutes: number | null;
}

@InputType('GroupInput')
export class GroupInput {
  @Field(() => String)
  @MaxLength(MAX_GROUP_NAME, { message: `A group name is at most ${MAX_GROUP_NAME} characters.` })
  name: string;

  @Field(() => [ID], { nullable: true, description: 'The members: replaces the current ones.' })
  @IsOptional()
  @ArrayMaxSize(MAX_GROUP_MEMBERS)
  memberIds?: string[];
}

@InputType('SourceAccessInput')
export class SourceAccessInput {
  @Field(() => SourceAccessModeEnum)
  mode: SourceAccessModeEnum;

  @Field(() => [ID], {
    nullable: true,
    description: 'RESTRICTED: members who may read it besides its owner.',
  })
  @IsOptional()
  @ArrayMaxSize(MAX_SOURCE_MEMBERS)
  memberIds?: string[];

  @Field(() => [ID], {
    nullable: true,
    description: 'RESTRICTED: groups whose members may read it.',
  })
  @IsOptional()
  @ArrayMaxSize(MAX_SOURCE_GROUPS)
  groupIds?: string[];

  @Field(() => Int, {
    nullable: true,
    description:
      'MIRROR: minutes between reads of the tool’s permissions, 1 to 10080 (omitted or null: the server’s default).',
  })
  @IsOptional()
  permissionSyncMinutes?: number | null;
}

/** What the source views need to show access, loaded for a list of sources at once. */
export interface AccessView {
  access: SourceAccessType;
  owner: User | null;
  /** The caller may change the access (owner or admin). */
  canManage: boolean;
  /** The caller may read the documents (admins manage sources they may not read). */
  readable: boolean;
}
