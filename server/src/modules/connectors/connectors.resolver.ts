import { Arg, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../../graphql/context.js';
import {
  ConnectorCapabilitiesType,
  IntegrationSettingsInput,
  IntegrationSettingsType,
} from './connectors.types.js';
import { CONNECTOR_KINDS } from './registry.js';

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
    return ctx.services.connectorAuthorization.authorizeUrl(ctx.viewer!, name, {
      domain,
      spacekey,
    });
  }
}
