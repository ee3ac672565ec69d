import { Field, Int, ObjectType } from 'type-graphql';
import { Paginated } from '@dataplat/kit';

@ObjectType({ description: 'A browser or client the caller signs in from (spec 1 "Device (DeviceResponse)").' })
export class Device {
  @Field(() => Int) id: number;
  @Field(() => String, { nullable: true }) deviceName: string | null;
  @Field(() => String, { nullable: true, description: 'For example mobile, tablet, desktop.' }) deviceType: string | null;
  @Field(() => String, { nullable: true }) browser: string | null;
  @Field(() => String, { nullable: true }) browserVersion: string | null;
  @Field(() => String, { nullable: true }) os: string | null;
  @Field(() => String, { nullable: true }) osVersion: string | null;
  @Field() trusted: boolean;
  @Field(() => Date, { nullable: true }) trustedAt: Date | null;
  @Field({ description: 'Sign-in from a blocked device is refused even with valid credentials.' }) blocked: boolean;
  @Field(() => Date, { nullable: true, description: 'Not in the REST DeviceResponse.' }) blockedAt: Date | null;
  @Field(() => String, { nullable: true, description: 'Not in the REST DeviceResponse.' }) blockedReason: string | null;
  @Field(() => String, { nullable: true }) lastIpAddress: string | null;
  @Field() lastSeenAt: Date;
  @Field(() => Int, { description: 'Registrations and logins seen from the device.' }) useCount: number;
  @Field() createdAt: Date;
}

@ObjectType()
export class DevicePage extends Paginated(Device, 'DevicePage') {}

@ObjectType()
export class UntrustedDevices {
  @Field(() => Int, { description: 'Devices this request untrusted.' }) untrusted: number;
}
