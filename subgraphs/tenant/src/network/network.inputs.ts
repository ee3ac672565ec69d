import { ArrayMaxSize, IsBoolean, IsIn, IsInt, IsOptional, IsString, Length, Max, Min, ValidateNested } from 'class-validator';
import { Field, InputType, Int } from 'type-graphql';

export const RECORD_TYPES = ['A', 'AAAA', 'CNAME', 'TXT'];

@InputType({ description: 'A record to add to the zone: `name` is a label under the zone (e.g. api, *.apps).' })
export class DnsRecordInput {
  @Field() @IsString() @Length(1, 200) name: string;
  @Field({ description: 'A, AAAA, CNAME or TXT.' }) @IsIn(RECORD_TYPES) type: string;
  @Field() @IsString() @Length(1, 255) value: string;
}

@InputType({ description: 'Creates the tenant\'s DNS zone (<slug>.<domain>), optionally with records.' })
export class DnsZoneInput {
  @Field(() => [DnsRecordInput], { nullable: true }) @IsOptional() @ArrayMaxSize(100) @ValidateNested({ each: true }) records?: DnsRecordInput[];
  @Field(() => [String], { nullable: true, description: 'Default: ns1 and ns2 of the platform domain.' }) @IsOptional() @ArrayMaxSize(6) @IsString({ each: true }) nameServers?: string[];
}

@InputType()
export class IngressRouteInput {
  @Field({ description: 'Starts with /.' }) @IsString() @Length(1, 200) path: string;
  @Field({ description: 'Service name (DNS label).' }) @IsString() @Length(1, 63) service: string;
  @Field(() => Int) @IsInt() @Min(1) @Max(65535) port: number;
}

@InputType({ description: 'Creates or replaces the tenant\'s ingress (host <slug>.<domain>).' })
export class IngressInput {
  @Field({ nullable: true, description: 'shared or dedicated (default: the tenant\'s dedicatedIngress setting).' }) @IsOptional() @IsIn(['shared', 'dedicated']) ingressClass?: string;
  @Field(() => [IngressRouteInput], { nullable: true, description: 'Default: / to the tenant\'s service on port 8080.' }) @IsOptional() @ArrayMaxSize(50) @ValidateNested({ each: true }) routes?: IngressRouteInput[];
}

@InputType({ description: 'A certificate to upload (PEM certificate and unencrypted PEM private key), or managed: true to request one.' })
export class CertificateInput {
  @Field({ nullable: true }) @IsOptional() @IsString() @Length(1, 65536) certificate?: string;
  @Field({ nullable: true }) @IsOptional() @IsString() @Length(1, 65536) privateKey?: string;
  @Field({ nullable: true, description: 'Request a managed certificate (PENDING until an issuer fulfils it).' }) @IsOptional() @IsBoolean() managed?: boolean;
}
