import { IsOptional, MaxLength } from 'class-validator';
import { Field, InputType, Int, ObjectType } from 'type-graphql';
import type { Source } from '../corpus/index.js';
import { connectorFor } from './registry.js';
import { SourceStatusEnum } from '../../graphql/closed-sets.js';

@ObjectType('IntegrationSettings', {
  description: 'SPEC §3 integration settings record of the workspace’s source of that kind.',
})
export class IntegrationSettingsType {
  @Field(() => String)
  domain: string;

  @Field(() => String)
  username: string;

  @Field(() => String, {
    description: 'A placeholder when a password is stored; never the password.',
  })
  password: string;

  @Field(() => String, {
    description:
      'Space keys (Confluence), project keys (Jira), repositories as owner/name (GitHub) or folder ids (Google Drive).',
  })
  spacekey: string;
}

@InputType()
export class IntegrationSettingsInput {
  @Field(() => String, {
    nullable: true,
    description:
      'acme.atlassian.net, https://acme.atlassian.net, or a base URL with port; for GitHub empty (github.com) or an Enterprise Server host.',
  })
  @IsOptional()
  @MaxLength(255)
  domain?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'The Atlassian account’s email (unused by GitHub and Google Drive).',
  })
  @IsOptional()
  @MaxLength(255)
  username?: string | null;

  @Field(() => String, {
    nullable: true,
    description:
      'The API token (Atlassian) or access token (GitHub); empty or the placeholder keeps the stored one.',
  })
  @IsOptional()
  @MaxLength(2000)
  password?: string | null;

  @Field(() => String, {
    nullable: true,
    description:
      'Space keys, project keys, owner/name repositories or folder ids, separated by commas; empty: all (GitHub needs at least one).',
  })
  @IsOptional()
  @MaxLength(1000)
  spacekey?: string | null;
}

@ObjectType('SourceConnection', {
  description: 'How a connected tool’s source is reached, and where its sync stands.',
})
export class SourceConnectionType {
  @Field(() => SourceStatusEnum)
  status: string;

  @Field(() => String, { description: 'basic (API token), oauth or token (access token)' })
  authMode: string;

  @Field(() => String, { description: 'The site, as people open it.' })
  site: string;

  @Field(() => String, { nullable: true, description: 'The account (API token connections).' })
  account: string | null;

  @Field(() => [String], {
    description: 'Spaces, projects, repositories or folders chosen; empty: everything visible.',
  })
  keys: string[];

  @Field(() => Date, { nullable: true })
  lastSyncStartedAt: Date | null;

  @Field(() => Date, { nullable: true })
  lastSyncFinishedAt: Date | null;

  @Field(() => Date, { nullable: true })
  nextSyncAt: Date | null;

  @Field(() => Int, { description: 'Items listed by the current (or last) sync.' })
  itemsSeen: number;

  @Field(() => Int, { description: 'New or changed items indexed by it.' })
  itemsIndexed: number;

  @Field(() => Int, { description: 'Items it could not read (retried next sync).' })
  itemsFailed: number;

  @Field(() => Int, { description: 'Items it removed because they are gone from the tool.' })
  itemsDeleted: number;

  @Field(() => Int, {
    nullable: true,
    description: 'Items after the last complete sync: the scale of a sync’s progress.',
  })
  itemsTotal: number | null;

  @Field(() => String, { nullable: true, description: 'What went wrong last, in plain words.' })
  lastError: string | null;

  static from(source: Source): SourceConnectionType | null {
    const connector = connectorFor(source.kind);
    if (!connector) return null;
    const s = source.settings as { auth?: string; username?: string; account?: string };
    const summary = connector.describe(source.settings);
    return Object.assign(new SourceConnectionType(), {
      status: source.status,
      authMode: s.auth ?? 'basic',
      site: summary.site,
      account: s.username ?? s.account ?? null,
      keys: summary.keys,
      lastSyncStartedAt: source.lastSyncStartedAt,
      lastSyncFinishedAt: source.lastSyncFinishedAt,
      nextSyncAt: source.nextSyncAt,
      itemsSeen: source.itemsSeen,
      itemsIndexed: source.itemsIndexed,
      itemsFailed: source.itemsFailed,
      itemsDeleted: source.itemsDeleted,
      itemsTotal: source.itemsTotal,
      lastError: source.lastError,
    });
  }
}

@ObjectType('ConnectorCapabilities', { description: 'What this server can connect.' })
export class ConnectorCapabilitiesType {
  @Field(() => [String], { description: 'Integration keys with a working connector.' })
  kinds: string[];

  @Field(() => [String], {
    description: 'Integration keys that can connect with OAuth (Authorize) on this server.',
  })
  oauthKinds: string[];
}
