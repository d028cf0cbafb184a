import { Arg, Authorized, Ctx, Mutation, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../../graphql/context.js';
import { UserType } from '../identity/identity.types.js';

/** The signed-in person proves their address: ask for a code, then enter it. */
@Resolver()
export class EmailVerificationResolver {
  @Authorized()
  @Mutation(() => Boolean, {
    description:
      'Mails a new verification code (the previous one stops working). At most one a minute and five an hour: TOO_MANY_REQUESTS says when to try again (retryAfterSeconds). False when the address is already verified.',
  })
  sendEmailVerification(@Ctx() ctx: GraphQLContext): Promise<boolean> {
    return ctx.services.auth.emailVerification.resend(ctx.viewer!);
  }

  @Authorized()
  @Mutation(() => UserType, {
    description:
      'Verifies your address with the mailed 6-digit code (valid 30 minutes; five wrong tries burn it). INVALID_CODE when it is wrong, expired or burnt.',
  })
  async verifyEmail(
    // Checked by the service: six digits, else INVALID_CODE.
    @Arg('code', () => String) code: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<UserType> {
    return UserType.from(await ctx.services.auth.emailVerification.verify(ctx.viewer!, code));
  }
}
