import { IsOptional, IsString, Length, Matches, MaxLength } from 'class-validator';
import { ArgsType, Field, InputType } from 'type-graphql';
import { PageArgs } from '@dataplat/kit';

/** A device fingerprint: 1 to 256 visible ASCII characters (no spaces), as computed by the client. */
export const FINGERPRINT = /^[\x21-\x7e]{1,256}$/;
export const FINGERPRINT_MESSAGE = 'must be 1 to 256 visible ASCII characters';

/** Something that is not only spaces. */
const NOT_BLANK = /\S/;

@InputType({ description: 'POST /api/v1/devices/register: every field but the fingerprint is optional.' })
export class RegisterDeviceInput {
  @Field() @IsString() @Matches(FINGERPRINT, { message: `fingerprint ${FINGERPRINT_MESSAGE}` }) fingerprint: string;
  @Field({ nullable: true }) @IsOptional() @IsString() @Length(1, 100) @Matches(NOT_BLANK) deviceName?: string;
  @Field({ nullable: true }) @IsOptional() @IsString() @Length(1, 50) @Matches(NOT_BLANK) deviceType?: string;
  @Field({ nullable: true }) @IsOptional() @IsString() @Length(1, 100) @Matches(NOT_BLANK) browser?: string;
  @Field({ nullable: true }) @IsOptional() @IsString() @Length(1, 50) @Matches(NOT_BLANK) browserVersion?: string;
  @Field({ nullable: true }) @IsOptional() @IsString() @Length(1, 100) @Matches(NOT_BLANK) os?: string;
  @Field({ nullable: true }) @IsOptional() @IsString() @Length(1, 50) @Matches(NOT_BLANK) osVersion?: string;
}

@InputType()
export class RenameDeviceInput {
  @Field() @IsString() @Length(1, 100) @Matches(NOT_BLANK, { message: 'deviceName must not be blank' }) deviceName: string;
}

@InputType()
export class BlockDeviceInput {
  @Field({ nullable: true }) @IsOptional() @IsString() @MaxLength(500) reason?: string;
}

export const SORTABLE_DEVICE_FIELDS = ['lastSeenAt', 'createdAt', 'deviceName', 'useCount'] as const;
export type DeviceSortField = (typeof SORTABLE_DEVICE_FIELDS)[number];

/** GET /api/v1/devices and /devices/trusted: page, size, sort (SORTABLE_DEVICE_FIELDS), order. */
@ArgsType()
export class DeviceListArgs extends PageArgs {}
