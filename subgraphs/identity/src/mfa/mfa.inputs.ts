import { IsBoolean, IsEnum, IsOptional, IsString, Length, MaxLength } from 'class-validator';
import { Field, InputType } from 'type-graphql';
import { MfaMethodKind } from './mfa.types';

@InputType({ description: 'A code from the authenticator app, an SMS or an e-mail.' })
export class MfaCodeInput {
  @Field() @IsString() @Length(1, 32) code: string;
}

@InputType()
export class SmsEnrollInput {
  @Field({ description: 'E.164, e.g. +4915123456789.' }) @IsString() @MaxLength(32) phoneNumber: string;
}

@InputType({ description: 'With challengeId: completes a login challenge (method required). Without: verifies the caller\'s pending setup (bearer; method defaults to TOTP).' })
export class MfaVerifyInput {
  @Field({ nullable: true }) @IsOptional() @IsString() @Length(1, 128) challengeId?: string;
  @Field() @IsString() @Length(1, 32) code: string;
  @Field(() => MfaMethodKind, { nullable: true }) @IsOptional() @IsEnum(MfaMethodKind) method?: MfaMethodKind;
}

@InputType({ description: 'POST /auth/mfa/challenge: the MFA token (challengeId from login), the method and its code.' })
export class MfaChallengeInput {
  @Field() @IsString() @Length(1, 128) challengeId: string;
  @Field() @IsString() @Length(1, 32) code: string;
  @Field(() => MfaMethodKind) @IsEnum(MfaMethodKind) method: MfaMethodKind;
}

@InputType({ description: 'POST /auth/mfa/recovery: the MFA token (challengeId from login) and a backup code.' })
export class MfaRecoveryInput {
  @Field() @IsString() @Length(1, 128) challengeId: string;
  @Field() @IsString() @Length(1, 32) code: string;
}

@InputType()
export class MfaSecurityPolicyInput {
  @Field() @IsBoolean() trustedDevicesSkipMfa: boolean;
}
