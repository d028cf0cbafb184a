import { Field, ID, ObjectType } from 'type-graphql';
import { permissionsFor } from './permissions.js';
import type { User } from './user.entity.js';
import { RoleKeyEnum } from '../../graphql/closed-sets.js';

@ObjectType('Workspace', { description: 'A team: its members, sources and bots.' })
export class WorkspaceType {
  @Field(() => ID)
  id: string;

  @Field(() => String)
  name: string;

  @Field(() => Boolean, {
    description:
      'People with a verified address at the workspace’s verified domains may join it themselves, with the default role.',
  })
  joinByDomain: boolean;
}

@ObjectType('User', { description: 'A member of a workspace.' })
export class UserType {
  @Field(() => ID)
  id: string;

  @Field(() => String)
  email: string;

  @Field(() => Boolean, {
    description:
      'Whether the member proved they receive mail at the address (a mailed code or link, a mailed invitation, or their identity provider). Only verified addresses are trusted to match people elsewhere.',
  })
  emailVerified: boolean;

  @Field(() => String)
  firstName: string;

  @Field(() => String)
  lastName: string;

  @Field(() => [RoleKeyEnum])
  roles: string[];

  @Field(() => [String], { description: 'Permissions granted by the roles, e.g. user.read.' })
  permissions: string[];

  @Field(() => Date)
  createdAt: Date;

  @Field(() => Date, { nullable: true })
  lastSignInAt: Date | null;

  @Field(() => Date, {
    nullable: true,
    description:
      'When the company’s identity provider deactivated the member (SCIM): they cannot sign in and every token of theirs is refused. Null for an active member.',
  })
  deactivatedAt: Date | null;

  workspaceId: string;

  static from(user: User): UserType {
    return Object.assign(new UserType(), {
      id: user.id,
      email: user.email,
      emailVerified: user.emailVerifiedAt != null,
      firstName: user.firstName,
      lastName: user.lastName,
      roles: user.roles,
      permissions: permissionsFor(user.roles),
      createdAt: user.createdAt,
      lastSignInAt: user.lastSignInAt ?? null,
      deactivatedAt: user.deactivatedAt ?? null,
      workspaceId: user.workspaceId,
    });
  }
}
