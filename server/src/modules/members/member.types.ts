import { Field, ID, ObjectType } from 'type-graphql';
import { permissionsFor } from '../auth/permissions.js';
import type { User } from './user.entity.js';
import { RoleKeyEnum } from '../../graphql/closed-sets.js';

@ObjectType('Workspace', { description: 'A team: its members, sources and bots.' })
export class WorkspaceType {
  @Field(() => ID)
  id: string;

  @Field(() => String)
  name: string;
}

@ObjectType('User', { description: 'A member of a workspace.' })
export class UserType {
  @Field(() => ID)
  id: string;

  @Field(() => String)
  email: string;

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
