import { Field, ID, ObjectType } from 'type-graphql';

@ObjectType('JoinableWorkspace', {
  description: 'A workspace the signed-in person may join by the verified domain of their address.',
})
export class JoinableWorkspaceType {
  @Field(() => ID)
  id: string;

  @Field(() => String)
  name: string;

  @Field(() => String, { description: 'The verified domain that lets them in (e.g. acme.com).' })
  domain: string;
}
