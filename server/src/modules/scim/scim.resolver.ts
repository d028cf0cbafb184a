import { Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../../graphql/context.js';
import { CreatedScimTokenType, ScimStatusType } from './scim.types.js';

/** SCIM provisioning settings: admins (user.write) create and revoke the workspace's token. */
@Resolver()
export class ScimResolver {
  @Authorized('user.write')
  @Query(() => ScimStatusType, {
    description: 'SCIM provisioning status: whether a token is live, its prefix, and the base URL.',
  })
  async scimStatus(@Ctx() ctx: GraphQLContext): Promise<ScimStatusType> {
    return ctx.services.scimTokens.status(ctx.viewer!);
  }

  @Authorized('user.write')
  @Mutation(() => CreatedScimTokenType, {
    description:
      'Creates the workspace’s SCIM token for its identity provider; the secret is answered this once. A workspace has one live token: creating a new one revokes the previous one at once.',
  })
  async createScimToken(@Ctx() ctx: GraphQLContext): Promise<CreatedScimTokenType> {
    return ctx.services.scimTokens.create(ctx.viewer!);
  }

  @Authorized('user.write')
  @Mutation(() => Boolean, {
    description:
      'Revokes the workspace’s SCIM token: provisioning stops at once. Answers false when there was none.',
  })
  async revokeScimToken(@Ctx() ctx: GraphQLContext): Promise<boolean> {
    return ctx.services.scimTokens.revoke(ctx.viewer!);
  }
}
