import { Arg, Authorized, Ctx, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../../graphql/context.js';
import { UserType } from '../identity/identity.types.js';
import { AccountSessionType, ChangePasswordInput, UpdateMyNameInput } from './account.types.js';

/** The caller's own account (Account settings): name, password, sessions. */
@Resolver()
export class AccountResolver {
  @Authorized()
  @Mutation(() => UserType, { description: 'Changes your own first and last name.' })
  async updateMyName(
    @Arg('input', () => UpdateMyNameInput) input: UpdateMyNameInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<UserType> {
    return UserType.from(await ctx.services.account.updateName(ctx.viewer!, input));
  }

  @Authorized()
  @Mutation(() => Int, {
    description:
      'Changes your password (the current one is required). Your other sessions end; this one stays. Answers how many ended.',
  })
  changePassword(
    @Arg('input', () => ChangePasswordInput) input: ChangePasswordInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<number> {
    return ctx.services.account.changePassword(ctx.viewer!, input);
  }

  @Authorized()
  @Query(() => [AccountSessionType], {
    description: 'Your sessions that have not ended, most recently used first.',
  })
  async mySessions(@Ctx() ctx: GraphQLContext): Promise<AccountSessionType[]> {
    const rows = await ctx.services.account.sessions(ctx.viewer!);
    return rows.map((r) => AccountSessionType.from(r, ctx.viewer!.sessionId));
  }

  @Authorized()
  @Mutation(() => Boolean, {
    description: 'Ends one of your sessions at once (false when it is not yours or already ended).',
  })
  endMySession(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext): Promise<boolean> {
    return ctx.services.account.endSession(ctx.viewer!, id);
  }

  @Authorized()
  @Mutation(() => Int, {
    description: 'Ends every session of yours except this one; answers how many ended.',
  })
  signOutEverywhereElse(@Ctx() ctx: GraphQLContext): Promise<number> {
    return ctx.services.account.endOtherSessions(ctx.viewer!);
  }
}
