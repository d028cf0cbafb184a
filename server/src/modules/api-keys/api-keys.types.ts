import { ArrayMaxSize, IsOptional, MaxLength } from 'class-validator';
import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { UserType } from '../identity/identity.types.js';
import type { ApiKey } from './api-key.entity.js';

@ObjectType('ApiKey', { description: 'An API key; its secret is never shown again.' })
export class ApiKeyType {
  @Field(() => ID)
  id: string;

  @Field(() => String)
  name: string;

  @Field(() => String, { description: 'The first characters of the secret, e.g. lumen_Ab3xYz.' })
  prefix: string;

  @Field(() => [String])
  permissions: string[];

  @Field(() => Date)
  createdAt: Date;

  @Field(() => Date, { nullable: true })
  expiresAt: Date | null;

  @Field(() => Date, { nullable: true, description: 'Updated at most about once a minute.' })
  lastUsedAt: Date | null;

  @Field(() => UserType, { nullable: true, description: 'Who created it (the key acts as them).' })
  creator: UserType | null;

  static from(key: ApiKey): ApiKeyType {
    return Object.assign(new ApiKeyType(), {
      id: key.id,
      name: key.name,
      prefix: key.prefix,
      permissions: key.permissions,
      createdAt: key.createdAt,
      expiresAt: key.expiresAt,
      lastUsedAt: key.lastUsedAt,
      creator: key.user ? UserType.from(key.user) : null,
    });
  }
}

@ObjectType({ description: 'A new key: `secret` is shown this once.' })
export class CreatedApiKey {
  @Field(() => String, { description: 'Send as `Authorization: Bearer <secret>`. Shown once.' })
  secret: string;

  @Field(() => ApiKeyType)
  apiKey: ApiKeyType;
}

@InputType()
export class CreateApiKeyInput {
  @Field(() => String)
  @MaxLength(100)
  name: string;

  @Field(() => [String], { description: 'A subset of your own permissions, e.g. search.read.' })
  @ArrayMaxSize(20)
  permissions: string[];

  @Field(() => Int, { nullable: true, description: 'Days until it stops working; none: never.' })
  @IsOptional()
  expiresInDays?: number;
}
