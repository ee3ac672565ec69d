import { IsEmail, IsOptional, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import { Field, InputType } from 'type-graphql';
import { FINGERPRINT, FINGERPRINT_MESSAGE } from '../devices/device.inputs';

@InputType()
export class LoginInput {
  @Field() @IsEmail() @MaxLength(254) email: string;
  @Field() @IsString() @MinLength(1) @MaxLength(1024) password: string;
  @Field({ nullable: true, description: 'Tenant to log in to, when the e-mail exists in several.' })
  @IsOptional()
  @IsString()
  @MaxLength(63)
  tenantSlug?: string;
  @Field({ nullable: true, description: 'Fingerprint of the device logging in; wins over the X-Device-Fingerprint header.' })
  @IsOptional()
  @IsString()
  @Matches(FINGERPRINT, { message: `deviceFingerprint ${FINGERPRINT_MESSAGE}` })
  deviceFingerprint?: string;
}

@InputType()
export class RefreshTokenInput {
  @Field() @IsString() @MinLength(1) @MaxLength(4096) refreshToken: string;
}
