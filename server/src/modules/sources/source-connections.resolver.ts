import { Arg, Authorized, Ctx, ID, Mutation, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../../graphql/context.js';
import { SourceAccessInput } from '../access/access.types.js';
import { parseAccess } from '../access/source-access.service.js';
import { IntegrationSettingsInput } from '../connectors/connectors.types.js';
import { SourceType } from './sources.types.js';

/**
 * The connector mutations that answer the connected source (a Source, with its access and
 * connection): here beside the Source type, so connectors need not know it.
 */
@Resolver()
export class SourceConnectionsResolver {
  @Authorized('source.write')
  @Mutation(() => SourceType, {
    description: 'Like saveIntegrationSettings, answering the connected source.',
  })
  async connectIntegration(
    @Arg('name', () => String) name: string,
    @Arg('input', () => IntegrationSettingsInput) input: IntegrationSettingsInput,
    @Arg('access', () => SourceAccessInput, {
      nullable: true,
      description:
        'Who reads the source: a new one defaults to WORKSPACE; a connected one keeps its access unless given (its owner or an admin).',
    })
    access: SourceAccessInput | null,
    @Ctx() ctx: GraphQLContext,
  ): Promise<SourceType> {
    const { source } = await ctx.services.connectors.save(
      ctx.viewer!,
      name,
      { ...input },
      access ? parseAccess(access) : null,
    );
    return SourceType.from(source);
  }

  @Authorized('source.write')
  @Mutation(() => SourceType, {
    description:
      'The OAuth callback’s code and state, exchanged once; answers the connected source.',
  })
  async completeIntegrationAuthorization(
    @Arg('code', () => String) code: string,
    @Arg('state', () => String) state: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<SourceType> {
    const { source } = await ctx.services.connectorAuthorization.completeAuthorization(
      ctx.viewer!,
      {
        code,
        state,
      },
    );
    return SourceType.from(source);
  }

  @Authorized('source.write')
  @Mutation(() => SourceType, { description: 'Syncs a connected source now.' })
  async resyncSource(
    @Arg('id', () => ID) id: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<SourceType> {
    return SourceType.from(await ctx.services.connectors.resync(ctx.viewer!, id));
  }
}
