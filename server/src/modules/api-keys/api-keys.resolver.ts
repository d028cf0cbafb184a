import { Arg, Authorized, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../../graphql/context.js';
import { ApiKeyType, CreateApiKeyInput, CreatedApiKey } from './api-keys.types.js';

@Resolver()
export class ApiKeysResolver {
  @Authorized()
  @Query(() => [ApiKeyType], {
    description: "Your API keys; an admin (user.write) sees the workspace's, with their creator.",
  })
  async apiKeys(@Ctx() ctx: GraphQLContext): Promise<ApiKeyType[]> {
    return (await ctx.services.apiKeys.list(ctx.viewer!)).map(ApiKeyType.from);
  }

  @Authorized()
  @Mutation(() => CreatedApiKey, {
    description: 'A key with some of your permissions; its secret is answered this once.',
  })
  async createApiKey(
    @Arg('input', () => CreateApiKeyInput) input: CreateApiKeyInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<CreatedApiKey> {
    const { secret, apiKey } = await ctx.services.apiKeys.create(ctx.viewer!, input);
    return { secret, apiKey: ApiKeyType.from(apiKey) };
  }

  @Authorized()
  @Mutation(() => Boolean, {
    description: 'Revokes your key (an admin: any key of the workspace); it stops at once.',
  })
  async revokeApiKey(
    @Arg('id', () => ID) id: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<boolean> {
    return ctx.services.apiKeys.revoke(ctx.viewer!, id);
  }
}
