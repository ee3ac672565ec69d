import { Field, ID, Int, ObjectType } from 'type-graphql';

@ObjectType({ description: 'A record of a tenant\'s DNS zone. SOA and NS are derived from the zone; the others are the tenant\'s DNS records.' })
export class DnsRecord {
  @Field() name: string;
  @Field({ description: 'SOA, NS, A, AAAA, CNAME or TXT.' }) type: string;
  @Field() value: string;
  @Field(() => Int) ttl: number;
  @Field({ description: 'ZONE (derived), PROVISIONING (made by provisioning) or ZONE_RECORD (posted with the zone).' }) source: string;
}

@ObjectType({ description: 'The DNS zone of a tenant.' })
export class DnsZone {
  @Field(() => ID) tenantId: string;
  @Field() zoneName: string;
  @Field(() => Int) serial: number;
  @Field(() => [String]) nameServers: string[];
  @Field(() => [DnsRecord]) records: DnsRecord[];
  @Field(() => String, { nullable: true }) createdBy: string | null;
  @Field() createdAt: Date;
}

@ObjectType({ description: 'A TLS certificate of the tenant\'s ingress host. The private key is never returned.' })
export class TlsCertificate {
  @Field(() => ID) id: string;
  @Field(() => ID) tenantId: string;
  @Field() host: string;
  @Field({ description: 'UPLOADED or MANAGED.' }) source: string;
  @Field({ description: 'ACTIVE, PENDING (managed, not issued yet) or REPLACED.' }) status: string;
  @Field(() => String, { nullable: true, description: 'SHA-256 fingerprint.' }) fingerprint: string | null;
  @Field(() => String, { nullable: true }) subject: string | null;
  @Field(() => String, { nullable: true }) issuer: string | null;
  @Field(() => [String]) subjectAltNames: string[];
  @Field(() => Date, { nullable: true }) notBefore: Date | null;
  @Field(() => Date, { nullable: true }) notAfter: Date | null;
  @Field() createdAt: Date;
}

@ObjectType({ description: 'A path rule of the ingress.' })
export class IngressRoute {
  @Field() path: string;
  @Field() service: string;
  @Field(() => Int) port: number;
}

@ObjectType({ description: 'The ingress of a tenant: its host (provisioning\'s INGRESS record), class, backend, path rules and TLS.' })
export class TenantIngress {
  @Field(() => ID) tenantId: string;
  @Field() host: string;
  @Field({ description: 'shared or dedicated.' }) ingressClass: string;
  @Field() backend: string;
  @Field(() => [IngressRoute]) routes: IngressRoute[];
  @Field({ description: 'True when an ACTIVE certificate serves the host.' }) tlsEnabled: boolean;
  @Field(() => TlsCertificate, { nullable: true }) certificate: TlsCertificate | null;
}
