import { IsBoolean, IsEmail, IsOptional, IsString, MaxLength } from 'class-validator';
import { Field, InputType, Int, ObjectType } from 'type-graphql';
import { UserType } from '../identity/identity.types.js';
import { PASSWORD_MAX_LENGTH } from './password-policy.js';

@InputType()
export class SignUpInput {
  @Field(() => String)
  @IsEmail({}, { message: 'Enter a valid email address.' })
  @MaxLength(254)
  email: string;

  @Field(() => String)
  @IsString()
  // The rules (length in characters, strength) are checked by the service, with a reason.
  @MaxLength(PASSWORD_MAX_LENGTH * 4)
  password: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(100, { message: 'Names are at most 100 characters.' })
  firstName?: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(100, { message: 'Names are at most 100 characters.' })
  lastName?: string;

  @Field(() => Boolean, { nullable: true, description: 'Opt in to product and marketing emails.' })
  @IsOptional()
  @IsBoolean()
  marketingOptIn?: boolean;
}

@InputType()
export class SignInInput {
  @Field(() => String)
  @MaxLength(254)
  email: string;

  @Field(() => String)
  @MaxLength(PASSWORD_MAX_LENGTH * 4)
  password: string;

  @Field(() => Boolean, {
    nullable: true,
    description: 'Keep the session for days rather than hours.',
  })
  @IsOptional()
  @IsBoolean()
  rememberMe?: boolean;
}

@InputType({ description: 'The forced new password after sign-in answered a session.' })
export class CompleteNewPasswordInput {
  @Field(() => String)
  @MaxLength(200)
  session: string;

  @Field(() => String)
  @MaxLength(254)
  email: string;

  @Field(() => String)
  @MaxLength(PASSWORD_MAX_LENGTH * 4)
  password: string;
}

@InputType({ description: 'A new password set with the code mailed by requestPasswordReset.' })
export class ConfirmPasswordResetInput {
  @Field(() => String)
  @MaxLength(20)
  code: string;

  @Field(() => String)
  @MaxLength(254)
  email: string;

  @Field(() => String)
  @MaxLength(PASSWORD_MAX_LENGTH * 4)
  password: string;
}

@ObjectType({
  description:
    'The outcome of signing in: a token pair, or a `session` when the account must choose a new password first.',
})
export class AuthPayload {
  @Field(() => String, {
    nullable: true,
    description: 'Access token (JWT) for the Authorization header.',
  })
  token?: string;

  @Field(() => String, { nullable: true })
  refreshToken?: string;

  @Field(() => Int, { nullable: true, description: 'Seconds until the access token expires.' })
  expiresIn?: number;

  @Field(() => [String], { description: 'Permissions carried by the token.' })
  permissions: string[];

  @Field(() => String, {
    nullable: true,
    description: 'Set when a new password is required (see completeNewPassword).',
  })
  session?: string;

  @Field(() => UserType, { nullable: true })
  user?: UserType;
}
