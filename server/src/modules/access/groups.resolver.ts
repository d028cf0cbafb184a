import { Arg, Authorized, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../../graphql/context.js';
import { GroupInput, GroupType } from './access.types.js';

/** Groups (Team settings → Groups): admins manage them; members see the ones they are in. */
@Resolver(() => GroupType)
export class GroupsResolver {
  @Authorized()
  @Query(() => [GroupType], {
    description: 'Admins: every group of the workspace; others: the groups they belong to.',
  })
  async groups(@Ctx() ctx: GraphQLContext): Promise<GroupType[]> {
    return (await ctx.services.groups.list(ctx.viewer!)).map(GroupType.from);
  }

  @Authorized('user.write')
  @Mutation(() => GroupType, { description: 'A new group (admins).' })
  async createGroup(
    @Arg('input', () => GroupInput) input: GroupInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<GroupType> {
    return GroupType.from(await ctx.services.groups.create(ctx.viewer!, input));
  }

  @Authorized('user.write')
  @Mutation(() => GroupType, {
    description:
      'Replaces a group’s name and members (admins). Takes effect on the next request. Refused with SCIM_MANAGED for a group the identity provider manages (managedByScim).',
  })
  async updateGroup(
    @Arg('id', () => ID) id: string,
    @Arg('input', () => GroupInput) input: GroupInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<GroupType> {
    return GroupType.from(await ctx.services.groups.update(ctx.viewer!, id, input));
  }

  @Authorized('user.write')
  @Mutation(() => Boolean, {
    description: 'Deletes a group (admins); the sources it was chosen for no longer name it.',
  })
  async deleteGroup(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext): Promise<boolean> {
    await ctx.services.groups.delete(ctx.viewer!, id);
    return true;
  }
}
