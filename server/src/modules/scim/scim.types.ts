import { Field, ObjectType } from 'type-graphql';

@ObjectType('ScimStatus', {
  description: 'SCIM provisioning of the workspace (Settings → Single sign-on), for admins.',
})
export class ScimStatusType {
  @Field(() => Boolean, {
    description: 'Whether a live SCIM token exists (the IdP can provision).',
  })
  enabled: boolean;

  @Field(() => String, {
    nullable: true,
    description: 'The first characters of the live token, e.g. lumenscim_Ab3x; null without one.',
  })
  tokenPrefix: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'The last 4 characters of the live token; null without one.',
  })
  tokenLast4: string | null;

  @Field(() => Date, { nullable: true, description: 'When the live token was created.' })
  createdAt: Date | null;

  @Field(() => Date, {
    nullable: true,
    description: 'When the identity provider last used the token (updated about once a minute).',
  })
  lastUsedAt: Date | null;

  @Field(() => String, {
    description: 'The SCIM base URL to give the identity provider: ${PUBLIC_URL}/scim/v2.',
  })
  baseUrl: string;
}

@ObjectType('CreatedScimToken', { description: 'A new SCIM token: `secret` is shown this once.' })
export class CreatedScimTokenType {
  @Field(() => String, {
    description:
      'The token for the identity provider (sent as `Authorization: Bearer <secret>`). Shown once; Lumen keeps only a hash.',
  })
  secret: string;

  @Field(() => ScimStatusType, { description: 'The provisioning status with the new token.' })
  status: ScimStatusType;
}
