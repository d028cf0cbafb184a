import { Arg, Authorized, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../../graphql/context.js';
import { AuthPayload } from '../auth/auth.types.js';
import { JoinableWorkspaceType } from './domain-join.types.js';
import { UserType, WorkspaceType } from '../identity/identity.types.js';

/** Joining the team's workspace by a verified address at its domain (instead of an invitation). */
@Resolver()
export class DomainJoinResolver {
  @Authorized('user.write')
  @Mutation(() => WorkspaceType, {
    description:
      'Lets people with a verified address at the workspace’s verified domains join it themselves, with the default role (admins). Each change is logged with who made it.',
  })
  async setJoinByDomain(
    @Arg('enabled', () => Boolean) enabled: boolean,
    @Ctx() ctx: GraphQLContext,
  ): Promise<WorkspaceType> {
    const workspace = await ctx.services.domainJoin.setJoinByDomain(ctx.viewer!, enabled);
    return { id: workspace.id, name: workspace.name, joinByDomain: workspace.joinByDomain };
  }

  @Authorized()
  @Query(() => [JoinableWorkspaceType], {
    description:
      'Workspaces you may join by your verified address’s domain; empty while your address is unverified or your workspace has other members.',
  })
  joinableWorkspaces(@Ctx() ctx: GraphQLContext): Promise<JoinableWorkspaceType[]> {
    return ctx.services.domainJoin.joinable(ctx.viewer!);
  }

  @Authorized()
  @Mutation(() => AuthPayload, {
    description:
      'Moves you into the workspace with the default role; your own workspace (it must have no other members, sources, documents or bots) is deleted. Every session of yours ends; answers the new one. NOT_JOINABLE or WORKSPACE_NOT_EMPTY otherwise.',
  })
  async joinWorkspace(
    @Arg('workspaceId', () => ID) workspaceId: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<AuthPayload> {
    const signedIn = await ctx.services.domainJoin.join(ctx.viewer!, workspaceId);
    return {
      token: signedIn.token,
      refreshToken: signedIn.refreshToken,
      expiresIn: signedIn.expiresIn,
      permissions: signedIn.permissions,
      user: UserType.from(signedIn.user),
    };
  }
}
