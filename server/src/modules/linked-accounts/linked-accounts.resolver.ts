import { Arg, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../../graphql/context.js';
import { LinkedAccountType } from './linked-accounts.types.js';

/** The GraphQL door to a member's own linked accounts (any signed-in member, for themselves). */
@Resolver()
export class LinkedAccountsResolver {
  @Authorized()
  @Query(() => [LinkedAccountType], {
    description: 'Your own linked Atlassian, Google and GitHub accounts.',
  })
  async linkedAccounts(@Ctx() ctx: GraphQLContext): Promise<LinkedAccountType[]> {
    return (await ctx.services.linkedAccounts.list(ctx.viewer!)).map(LinkedAccountType.from);
  }

  @Authorized()
  @Mutation(() => String, {
    description:
      'The authorize URL of atlassian, google or github, with a single-use state bound to you (10 minutes); the provider returns to /app/account/linked?code=…&state=….',
  })
  linkAccount(
    @Arg('provider', () => String) provider: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<string> {
    return ctx.services.linkedAccounts.start(ctx.viewer!, provider);
  }

  @Authorized()
  @Mutation(() => LinkedAccountType, {
    description:
      'The provider callback’s code and state: the state is checked and spent, the account read and linked (replacing your earlier link to that provider).',
  })
  async completeAccountLink(
    @Arg('code', () => String) code: string,
    @Arg('state', () => String) state: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<LinkedAccountType> {
    return LinkedAccountType.from(
      await ctx.services.linkedAccounts.complete(ctx.viewer!, { code, state }),
    );
  }

  @Authorized()
  @Mutation(() => Boolean, {
    description: 'Removes your link to the provider at once; false when none was linked.',
  })
  unlinkAccount(
    @Arg('provider', () => String) provider: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<boolean> {
    return ctx.services.linkedAccounts.unlink(ctx.viewer!, provider);
  }
}
