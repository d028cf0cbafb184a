import { Arg, Authorized, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../../graphql/context.js';
import { SourceType } from '../sources/sources.types.js';
import {
  ConnectorCapabilitiesType,
  IntegrationSettingsInput,
  IntegrationSettingsType,
} from './connectors.types.js';
import { CONNECTOR_KINDS } from './registry.js';
import { SourceAccessInput } from '../access/access.types.js';
import { parseAccess } from '../access/source-access.service.js';

/** The GraphQL door to connected sources (the REST door is connectors.rest.ts). */
@Resolver()
export class ConnectorsResolver {
  @Authorized()
  @Query(() => ConnectorCapabilitiesType)
  connectorCapabilities(@Ctx() ctx: GraphQLContext): ConnectorCapabilitiesType {
    return {
      kinds: [...CONNECTOR_KINDS],
      oauthKinds: ctx.services.connectors.oauthKinds(CONNECTOR_KINDS),
    };
  }

  @Authorized('source.write')
  @Query(() => IntegrationSettingsType, {
    description:
      'The settings of the workspace’s confluence, jira, google_docs or github source (the token masked).',
  })
  integrationSettings(
    @Arg('name', () => String) name: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<IntegrationSettingsType> {
    return ctx.services.connectors.settings(ctx.viewer!, name);
  }

  @Authorized('source.write')
  @Mutation(() => IntegrationSettingsType, {
    description: 'Checks the settings against the tool, saves them and starts a sync.',
  })
  async saveIntegrationSettings(
    @Arg('name', () => String) name: string,
    @Arg('input', () => IntegrationSettingsInput) input: IntegrationSettingsInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<IntegrationSettingsType> {
    return (await ctx.services.connectors.save(ctx.viewer!, name, { ...input })).settings;
  }

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
  @Mutation(() => String, {
    description:
      'An authorize URL (Atlassian for confluence or jira, Google for google_docs), with a single-use state bound to you (10 minutes).',
  })
  startIntegrationAuthorization(
    @Arg('name', () => String) name: string,
    @Arg('domain', () => String, { nullable: true }) domain: string | null,
    @Arg('spacekey', () => String, { nullable: true }) spacekey: string | null,
    @Ctx() ctx: GraphQLContext,
  ): Promise<string> {
    return ctx.services.connectors.authorizeUrl(ctx.viewer!, name, { domain, spacekey });
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
    const { source } = await ctx.services.connectors.completeAuthorization(ctx.viewer!, {
      code,
      state,
    });
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
