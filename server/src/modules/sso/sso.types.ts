import { ArrayMaxSize, IsOptional, MaxLength } from 'class-validator';
import { Field, ID, InputType, ObjectType } from 'type-graphql';
import type { SsoConnection } from './sso-connection.entity.js';
import type { SsoDomain } from './sso-domain.entity.js';
import { txtRecordOf } from './sso-domains.service.js';

@InputType({ description: 'One IdP group and the Lumen role its members get.' })
export class SsoGroupRoleInput {
  @Field(() => String, { description: 'The group as the IdP names it in the groups claim.' })
  @MaxLength(300)
  group: string;

  @Field(() => String, { description: 'A role key: admin, product_expert or customer_facing.' })
  @MaxLength(50)
  role: string;
}

@InputType({ description: 'An OpenID Connect connection, as an admin sets it up.' })
export class SsoConnectionInput {
  @Field(() => String, { description: 'Shown on the sign-in button ("Continue with <name>").' })
  @MaxLength(200)
  name: string;

  @Field(() => String, {
    description:
      'The issuer URL (https); its /.well-known/openid-configuration is read when saving, and must name this issuer.',
  })
  @MaxLength(2000)
  issuer: string;

  @Field(() => String, { description: 'The client id the IdP gave Lumen.' })
  @MaxLength(1000)
  clientId: string;

  @Field(() => String, {
    nullable: true,
    description:
      'The client secret, stored sealed and never answered back. On update, null or absent keeps the stored one; absent on create makes a public client (PKCE only).',
  })
  @IsOptional()
  @MaxLength(8000)
  clientSecret?: string | null;

  @Field(() => [String], {
    nullable: true,
    description: 'Scopes to ask for (default openid email profile; openid is always added).',
  })
  @IsOptional()
  @ArrayMaxSize(50)
  scopes?: string[] | null;

  @Field(() => [String], {
    description:
      'Email domains this connection serves; each routes sign-ins once verified by DNS (or, for Google, by the hd claim).',
  })
  @ArrayMaxSize(100)
  domains: string[];

  @Field(() => Boolean, {
    description: 'Create a member at the first sign-in of someone not yet in the workspace.',
  })
  jitEnabled: boolean;

  @Field(() => String, {
    description: 'Role of members created just in time, and of mapped members no group matches.',
  })
  @MaxLength(50)
  defaultRole: string;

  @Field(() => String, {
    nullable: true,
    description: 'The claim carrying the person’s groups (e.g. groups); null turns mapping off.',
  })
  @IsOptional()
  @MaxLength(400)
  groupsClaim?: string | null;

  @Field(() => [SsoGroupRoleInput], {
    nullable: true,
    description: 'Group → role pairs, applied at every sign-in; the highest matching role wins.',
  })
  @IsOptional()
  @ArrayMaxSize(200)
  groupRoles?: SsoGroupRoleInput[] | null;

  @Field(() => Boolean, {
    nullable: true,
    description: 'Whether people may sign in with it (default true; absent on update keeps it).',
  })
  @IsOptional()
  enabled?: boolean | null;
}

@ObjectType('SsoGroupRole', { description: 'One IdP group and the Lumen role its members get.' })
export class SsoGroupRoleType {
  @Field(() => String, { description: 'The group as the IdP names it.' })
  group: string;

  @Field(() => String, { description: 'The role key.' })
  role: string;
}

@ObjectType('SsoConnection', {
  description: 'An OpenID Connect identity provider of the workspace (the secret is never shown).',
})
export class SsoConnectionType {
  @Field(() => ID, { description: 'The connection id (also in its start URL).' })
  id: string;

  @Field(() => String, { description: 'Shown on the sign-in button.' })
  name: string;

  @Field(() => String, { description: 'The issuer URL.' })
  issuer: string;

  @Field(() => String, { description: 'The client id at the IdP.' })
  clientId: string;

  @Field(() => [String], { description: 'Scopes asked for.' })
  scopes: string[];

  @Field(() => Boolean, { description: 'Whether a client secret is stored (it is never shown).' })
  hasClientSecret: boolean;

  @Field(() => [String], { description: 'Email domains it serves (lower-case).' })
  domains: string[];

  @Field(() => Boolean, { description: 'Just-in-time sign-up.' })
  jitEnabled: boolean;

  @Field(() => String, { description: 'Role of members created just in time.' })
  defaultRole: string;

  @Field(() => String, { nullable: true, description: 'The claim carrying groups.' })
  groupsClaim: string | null;

  @Field(() => [SsoGroupRoleType], { description: 'Group → role pairs.' })
  groupRoles: SsoGroupRoleType[];

  @Field(() => Boolean, { description: 'Whether people may sign in with it.' })
  enabled: boolean;

  @Field(() => String, {
    description: 'The redirect URI to register at the IdP (the same for every connection).',
  })
  callbackUrl: string;

  @Field(() => String, {
    description:
      'Where a sign-in starts; also the initiate_login_uri for IdP-initiated sign-in (tiles).',
  })
  startUrl: string;

  static from(
    c: SsoConnection,
    urls: { callbackUrl: string; startUrl: string },
  ): SsoConnectionType {
    return Object.assign(new SsoConnectionType(), {
      id: c.id,
      name: c.name,
      issuer: c.issuer,
      clientId: c.clientId,
      scopes: c.scopes,
      hasClientSecret: c.sealedClientSecret !== null,
      domains: c.domains,
      jitEnabled: c.jitEnabled,
      defaultRole: c.defaultRole,
      groupsClaim: c.groupsClaim,
      groupRoles: c.groupRoles.map((p) => ({ group: p.group, role: p.role })),
      enabled: c.enabled,
      ...urls,
    });
  }
}

@ObjectType('SsoDomain', { description: 'An email domain the workspace claims, and its proof.' })
export class SsoDomainType {
  @Field(() => String, { description: 'The domain (lower-case, ASCII form).' })
  domain: string;

  @Field(() => String, {
    description: 'The TXT record to publish at the domain itself (its whole value).',
  })
  txtRecord: string;

  @Field(() => Boolean, { description: 'Whether the TXT record was found.' })
  verified: boolean;

  @Field(() => Date, { nullable: true, description: 'When it was verified.' })
  verifiedAt: Date | null;

  @Field(() => Date, { nullable: true, description: 'When DNS was last asked.' })
  lastCheckedAt: Date | null;

  static from(d: SsoDomain): SsoDomainType {
    return Object.assign(new SsoDomainType(), {
      domain: d.domain,
      txtRecord: txtRecordOf(d),
      verified: d.verifiedAt !== null,
      verifiedAt: d.verifiedAt,
      lastCheckedAt: d.lastCheckedAt,
    });
  }
}

@ObjectType('SsoSettings', { description: 'The workspace’s single sign-on settings.' })
export class SsoSettingsType {
  @Field(() => Boolean, { description: 'Password sign-in is off (but for the break-glass owner).' })
  enforced: boolean;

  @Field(() => String, { description: 'The redirect URI to register at every IdP.' })
  callbackUrl: string;

  @Field(() => [SsoDomainType], {
    description: 'Domains named by the connections, and their proof.',
  })
  domains: SsoDomainType[];

  @Field(() => String, {
    nullable: true,
    description:
      'The break-glass owner (earliest-created admin), whose password still works while SSO is enforced.',
  })
  breakGlassEmail: string | null;
}

@ObjectType('SsoTestResult', { description: 'What testing a connection found.' })
export class SsoTestResultType {
  @Field(() => Boolean, { description: 'Whether discovery worked and the endpoints are there.' })
  ok: boolean;

  @Field(() => String, { description: 'What was found, in plain words.' })
  message: string;
}

@ObjectType('SsoDiscoveryConnection', { description: 'A connection serving an email’s domain.' })
export class SsoDiscoveryConnectionType {
  @Field(() => ID, { description: 'The connection id.' })
  id: string;

  @Field(() => String, { description: 'For the button: "Continue with <name>".' })
  name: string;

  @Field(() => String, {
    description: 'Open this in the browser to sign in (optional ?return_to=/relative/path).',
  })
  startUrl: string;
}

@ObjectType('SsoDiscovery', {
  description: 'Single sign-on for an email: the same shape for every address without it.',
})
export class SsoDiscoveryType {
  @Field(() => [SsoDiscoveryConnectionType], {
    description: 'Empty when the email’s domain has no single sign-on.',
  })
  connections: SsoDiscoveryConnectionType[];
}
