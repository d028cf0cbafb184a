import { Arg, Args, Authorized, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../../graphql/context.js';
import { badInput } from '../../shared/app-error.js';
import { UserType } from '../identity/identity.types.js';
import { MemberConnection, MembersArgs, RoleType } from './members.types.js';

const encodeCursor = (offset: number) => Buffer.from(`offset:${offset}`).toString('base64url');
function decodeCursor(cursor: string | undefined): number {
  if (!cursor) return 0;
  const match = /^offset:(\d{1,9})$/.exec(Buffer.from(cursor, 'base64url').toString());
  if (!match) throw badInput('That page cursor is not valid.', { field: 'after' });
  return Number(match[1]);
}

@Resolver()
export class MembersResolver {
  @Authorized('user.read')
  @Query(() => MemberConnection, { description: 'Members of the caller’s workspace, paged.' })
  async members(
    @Args(() => MembersArgs) args: MembersArgs,
    @Ctx() ctx: GraphQLContext,
  ): Promise<MemberConnection> {
    const page = await ctx.services.members.list(ctx.viewer!, {
      search: args.search,
      sort: args.sort,
      filter: args.filter,
      first: args.first,
      offset: decodeCursor(args.after),
    });
    return {
      nodes: page.members.map(UserType.from),
      totalCount: page.totalCount,
      pageInfo: {
        hasNextPage: page.nextOffset !== null,
        endCursor: page.nextOffset !== null ? encodeCursor(page.nextOffset) : null,
      },
    };
  }

  @Authorized()
  @Query(() => [RoleType], { description: 'The roles a member can hold.' })
  roles(@Ctx() ctx: GraphQLContext): RoleType[] {
    return ctx.services.members.roles();
  }

  @Authorized('user.write')
  @Mutation(() => UserType, {
    description: 'Replaces a member’s roles (the last admin keeps admin).',
  })
  async updateMemberRoles(
    @Arg('userId', () => ID) userId: string,
    @Arg('roles', () => [String]) roles: string[],
    @Ctx() ctx: GraphQLContext,
  ): Promise<UserType> {
    return UserType.from(await ctx.services.members.updateRoles(ctx.viewer!, userId, roles));
  }

  @Authorized('user.write')
  @Mutation(() => Boolean, { description: 'Removes a member; their sessions end at once.' })
  async removeMember(
    @Arg('userId', () => ID) userId: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<boolean> {
    await ctx.services.members.remove(ctx.viewer!, userId);
    return true;
  }
}
