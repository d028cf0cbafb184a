import { Arg, Authorized, Ctx, FieldResolver, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { GraphQLContext } from '../../graphql/context.js';
import { notFound } from '../../shared/app-error.js';
import { UserType, WorkspaceType } from '../identity/identity.types.js';
import { Workspace } from '../identity/workspace.entity.js';
import type { SignInOutcome } from './auth.service.js';
import {
  AuthPayload,
  CompleteNewPasswordInput,
  ConfirmPasswordResetInput,
  SignInInput,
  SignUpInput,
} from './auth.types.js';

function toPayload(outcome: SignInOutcome): AuthPayload {
  if (outcome.kind === 'new_password_required')
    return { session: outcome.session, permissions: [] };
  return {
    token: outcome.token,
    refreshToken: outcome.refreshToken,
    expiresIn: outcome.expiresIn,
    permissions: outcome.permissions,
    user: UserType.from(outcome.user),
  };
}

@Resolver(() => UserType)
export class AuthResolver {
  @Authorized()
  @Query(() => UserType, { description: 'The signed-in user.' })
  me(@Ctx() ctx: GraphQLContext): UserType {
    return UserType.from(ctx.viewer!.user);
  }

  @FieldResolver(() => WorkspaceType)
  async workspace(@Root() user: UserType, @Ctx() ctx: GraphQLContext): Promise<WorkspaceType> {
    const workspace = await ctx.services.db
      .getRepository(Workspace)
      .findOne({ where: { id: user.workspaceId } });
    if (!workspace) throw notFound('Workspace not found.');
    return { id: workspace.id, name: workspace.name, joinByDomain: workspace.joinByDomain };
  }

  @Mutation(() => UserType, {
    description: 'Creates an account and its workspace; the first user is the admin.',
  })
  async signUp(
    @Arg('input', () => SignUpInput) input: SignUpInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<UserType> {
    return UserType.from(await ctx.services.auth.signUp(input, ctx.caller));
  }

  @Mutation(() => AuthPayload)
  async signIn(
    @Arg('input', () => SignInInput) input: SignInInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<AuthPayload> {
    return toPayload(await ctx.services.auth.signIn(input, ctx.caller));
  }

  @Mutation(() => AuthPayload, {
    description: 'Rotates the refresh token: the old one stops working.',
  })
  async refreshSession(
    @Arg('refreshToken', () => String) refreshToken: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<AuthPayload> {
    return toPayload(await ctx.services.auth.refresh(refreshToken));
  }

  @Mutation(() => Boolean, {
    description:
      'Revokes the session of the given refresh token, and of the access token the call is made with.',
  })
  async signOut(
    @Arg('refreshToken', () => String, { nullable: true }) refreshToken: string | undefined,
    @Ctx() ctx: GraphQLContext,
  ): Promise<boolean> {
    await ctx.services.auth.signOut(refreshToken ?? undefined, ctx.viewer);
    return true;
  }

  @Mutation(() => Boolean)
  async completeNewPassword(
    @Arg('input', () => CompleteNewPasswordInput) input: CompleteNewPasswordInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<boolean> {
    await ctx.services.auth.completeNewPassword(input);
    return true;
  }

  @Mutation(() => Boolean, {
    description: 'Mails a reset code if the account exists; always answers true.',
  })
  async requestPasswordReset(
    @Arg('email', () => String) email: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<boolean> {
    await ctx.services.auth.requestPasswordReset(email);
    return true;
  }

  @Mutation(() => Boolean)
  async confirmPasswordReset(
    @Arg('input', () => ConfirmPasswordResetInput) input: ConfirmPasswordResetInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<boolean> {
    await ctx.services.auth.confirmPasswordReset(input);
    return true;
  }
}
