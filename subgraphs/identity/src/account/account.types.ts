import { Field, ObjectType } from 'type-graphql';

@ObjectType({ description: 'Registration accepted: a verification code was sent to the address.' })
export class RegistrationResult {
  @Field() email: string;
  @Field({ description: 'Always true: log in after verify-email.' }) verificationRequired: boolean;
  @Field() message: string;
}

@ObjectType()
export class EmailVerificationResult {
  @Field() verified: boolean;
  @Field() email: string;
}

@ObjectType({ description: 'Same answer whether or not the address exists (no account enumeration).' })
export class PasswordResetRequestResult {
  @Field() accepted: boolean;
  @Field() message: string;
}

@ObjectType()
export class PasswordResetResult {
  @Field() reset: boolean;
  @Field({ description: 'Sessions ended by the reset.' }) sessionsRevoked: number;
}
