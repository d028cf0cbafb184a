import { Arg, Authorized, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../../graphql/context.js';
import type { Invitation } from './invitation.entity.js';
import { displayName } from './invitations.service.js';
import {
  AcceptInvitationInput,
  InvitationPreview,
  InvitationLinkType,
  InvitationType,
  InviteMembersInput,
  InviteMembersResult,
} from './members.types.js';

export function toInvitationType(invitation: Invitation): InvitationType {
  return {
    id: invitation.id,
    email: invitation.email,
    roles: invitation.roles,
    message: invitation.message,
    invitedByName: invitation.invitedBy ? displayName(invitation.invitedBy) : null,
    createdAt: invitation.createdAt,
    expiresAt: invitation.expiresAt,
    expired: invitation.expiresAt.getTime() <= Date.now(),
    sendCount: invitation.sendCount,
  };
}

@Resolver()
export class InvitationsResolver {
  @Authorized('user.read')
  @Query(() => [InvitationType], { description: 'Invitations not yet accepted or revoked.' })
  async invitations(@Ctx() ctx: GraphQLContext): Promise<InvitationType[]> {
    return (await ctx.services.invitations.listOpen(ctx.viewer!)).map(toInvitationType);
  }

  @Authorized('user.write')
  @Mutation(() => InviteMembersResult, {
    description: 'Invites addresses by mail; answers who was invited and who not, and why.',
  })
  async inviteMembers(
    @Arg('input', () => InviteMembersInput) input: InviteMembersInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<InviteMembersResult> {
    const outcome = await ctx.services.invitations.invite(ctx.viewer!, input);
    return { invited: outcome.invited.map(toInvitationType), skipped: outcome.skipped };
  }

  @Authorized('user.write')
  @Mutation(() => InvitationType, {
    description: 'Sends a fresh link; the previous one stops working.',
  })
  async resendInvitation(
    @Arg('id', () => ID) id: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<InvitationType> {
    const invitation = await ctx.services.invitations.resend(ctx.viewer!, id);
    return toInvitationType(
      Object.assign(invitation, { invitedBy: invitation.invitedBy ?? ctx.viewer!.user }),
    );
  }

  @Authorized('user.write')
  @Mutation(() => InvitationLinkType, {
    description:
      'A new link to share by hand (copy); the previous link, mailed or copied, stops working.',
  })
  async createInvitationLink(
    @Arg('id', () => ID) id: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<InvitationLinkType> {
    const { url, invitation } = await ctx.services.invitations.link(ctx.viewer!, id);
    return { url, expiresAt: invitation.expiresAt };
  }

  @Authorized('user.write')
  @Mutation(() => Boolean)
  async revokeInvitation(
    @Arg('id', () => ID) id: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<boolean> {
    await ctx.services.invitations.revoke(ctx.viewer!, id);
    return true;
  }

  @Query(() => InvitationPreview, { description: 'Public: what an invitation link is for.' })
  invitation(
    @Arg('token', () => String) token: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<InvitationPreview> {
    return ctx.services.invitations.preview(token);
  }

  @Mutation(() => Boolean, {
    description: 'Public: joins the workspace with a name and password; then sign in.',
  })
  async acceptInvitation(
    @Arg('input', () => AcceptInvitationInput) input: AcceptInvitationInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<boolean> {
    await ctx.services.invitations.accept(input);
    return true;
  }
}
