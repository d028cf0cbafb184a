import { Arg, Authorized, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../../graphql/context.js';
import { AuthPayload } from '../auth/auth.types.js';
import { UserType } from '../identity/identity.types.js';
import {
  SsoConnectionInput,
  SsoConnectionType,
  SsoDiscoveryType,
  SsoDomainType,
  SsoSettingsType,
  SsoTestResultType,
} from './sso.types.js';
import type { SsoConnection } from './sso-connection.entity.js';

/** Single sign-on: admins set connections up; anyone discovers and completes a sign-in. */
@Resolver()
export class SsoResolver {
  @Authorized('user.write')
  @Query(() => [SsoConnectionType], {
    description: 'The workspace’s OpenID Connect connections (admins). Secrets are never shown.',
  })
  async ssoConnections(@Ctx() ctx: GraphQLContext): Promise<SsoConnectionType[]> {
    const rows = await ctx.services.ssoConnections.list(ctx.viewer!);
    return rows.map((c) => toType(ctx, c));
  }

  @Authorized('user.write')
  @Query(() => SsoSettingsType, {
    description: 'Enforcement, the callback URL and the claimed domains with their TXT records.',
  })
  async ssoSettings(@Ctx() ctx: GraphQLContext): Promise<SsoSettingsType> {
    const viewer = ctx.viewer!;
    await ctx.services.ssoConnections.list(viewer); // the permission check
    const [enforced, domains, owner] = await Promise.all([
      ctx.services.ssoConnections.enforced(viewer.workspaceId),
      ctx.services.ssoDomains.list(viewer.workspaceId),
      ctx.services.ssoSignIn.breakGlassOwner(viewer.workspaceId),
    ]);
    return {
      enforced,
      callbackUrl: ctx.services.ssoSignIn.callbackUrl,
      domains: domains.map(SsoDomainType.from),
      breakGlassEmail: owner,
    };
  }

  @Authorized('user.write')
  @Mutation(() => SsoConnectionType, {
    description:
      'Adds a connection (admins) after reading the issuer’s discovery document; refused with BAD_USER_INPUT when it cannot be read or names another issuer.',
  })
  async createSsoConnection(
    @Arg('input', () => SsoConnectionInput) input: SsoConnectionInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<SsoConnectionType> {
    return toType(ctx, await ctx.services.ssoConnections.create(ctx.viewer!, input));
  }

  @Authorized('user.write')
  @Mutation(() => SsoConnectionType, {
    description:
      'Replaces a connection’s settings (admins); a null or absent clientSecret keeps the stored one. Nothing changes on a refusal.',
  })
  async updateSsoConnection(
    @Arg('id', () => ID) id: string,
    @Arg('input', () => SsoConnectionInput) input: SsoConnectionInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<SsoConnectionType> {
    return toType(ctx, await ctx.services.ssoConnections.update(ctx.viewer!, id, input));
  }

  @Authorized('user.write')
  @Mutation(() => Boolean, {
    description:
      'Removes a connection and the identities linked through it (admins); refused for the last enabled one while SSO is enforced.',
  })
  async deleteSsoConnection(
    @Arg('id', () => ID) id: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<boolean> {
    await ctx.services.ssoConnections.delete(ctx.viewer!, id);
    return true;
  }

  @Authorized('user.write')
  @Mutation(() => SsoTestResultType, {
    description: 'Runs discovery against a stored connection and says what it found (admins).',
  })
  async testSsoConnection(
    @Arg('id', () => ID) id: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<SsoTestResultType> {
    return ctx.services.ssoConnections.test(ctx.viewer!, id);
  }

  @Authorized('user.write')
  @Mutation(() => SsoDomainType, {
    description:
      'Claims a domain for the workspace and looks up its TXT record now (admins): verified once `txtRecord` is published at the domain.',
  })
  async verifySsoDomain(
    @Arg('domain', () => String) domain: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<SsoDomainType> {
    return SsoDomainType.from(await ctx.services.ssoDomains.verify(ctx.viewer!, domain));
  }

  @Authorized('user.write')
  @Mutation(() => Boolean, {
    description:
      'Turns password sign-in off (or back on) for the workspace’s members (admins); refused while no connection is enabled. Answers the new state.',
  })
  async setSsoEnforced(
    @Arg('enforced', () => Boolean) enforced: boolean,
    @Ctx() ctx: GraphQLContext,
  ): Promise<boolean> {
    return ctx.services.ssoConnections.setEnforced(ctx.viewer!, enforced);
  }

  @Query(() => SsoDiscoveryType, {
    description:
      'Public: the single sign-on connections serving an email’s domain (empty when none; the same answer for every such address).',
  })
  async ssoDiscover(
    @Arg('email', () => String) email: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<SsoDiscoveryType> {
    return { connections: await ctx.services.ssoSignIn.discover(email, ctx.caller) };
  }

  @Mutation(() => AuthPayload, {
    description:
      'Public: exchanges the single-use code the SSO callback put in the URL fragment (valid 60 seconds) for the usual tokens.',
  })
  async completeSsoSignIn(
    @Arg('code', () => String) code: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<AuthPayload> {
    const signedIn = await ctx.services.ssoSignIn.complete(code);
    return {
      token: signedIn.token,
      refreshToken: signedIn.refreshToken,
      expiresIn: signedIn.expiresIn,
      permissions: signedIn.permissions,
      user: UserType.from(signedIn.user),
    };
  }

  @Authorized()
  @Query(() => String, {
    nullable: true,
    description:
      'Where to end the identity provider’s session after signOut: null when this session did not come from SSO or the IdP offers no logout.',
  })
  async ssoLogoutUrl(@Ctx() ctx: GraphQLContext): Promise<string | null> {
    return ctx.services.ssoSignIn.logoutUrl(ctx.viewer!);
  }
}

function toType(ctx: GraphQLContext, c: SsoConnection): SsoConnectionType {
  const { ssoSignIn } = ctx.services;
  return SsoConnectionType.from(c, {
    callbackUrl: ssoSignIn.callbackUrl,
    startUrl: ssoSignIn.startUrl(c.id),
  });
}
