import { requirePrincipal, SystemRole, type RequestContext } from '@dataplat/kit';
import { Arg, Authorized, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { CertificateInput, DnsZoneInput, IngressInput } from './network.inputs';
import type { NetworkService } from './network.service';
import { DnsZone, TenantIngress, TlsCertificate } from './network.type';
import { NETWORK_READ, NETWORK_WRITE } from '../permissions';

const { ADMIN, PLATFORM_ADMIN } = SystemRole;

/** DNS and ingress of spec 2: create and delete by Platform admin, reads by the tenant's Admin. */
@Resolver(() => DnsZone)
export class NetworkResolver {
  constructor(private readonly service: NetworkService) {}

  @Authorized(PLATFORM_ADMIN, NETWORK_WRITE)
  @Mutation(() => DnsZone, { description: 'Creates the tenant\'s DNS zone (<slug>.<domain>) with optional records.' })
  createDnsZone(@Arg('tenantId', () => ID) tenantId: string, @Arg('input', () => DnsZoneInput, { nullable: true }) input: DnsZoneInput | undefined, @Ctx() ctx: RequestContext): Promise<DnsZone> {
    return this.service.createZone(requirePrincipal(ctx), tenantId, input ?? {});
  }

  @Authorized(ADMIN, PLATFORM_ADMIN, NETWORK_READ)
  @Query(() => DnsZone, { description: 'The zone with its records (SOA, NS, and the tenant\'s records).' })
  dnsZone(@Arg('tenantId', () => ID) tenantId: string, @Ctx() ctx: RequestContext): Promise<DnsZone> {
    return this.service.zone(requirePrincipal(ctx), tenantId);
  }

  @Authorized(PLATFORM_ADMIN, NETWORK_WRITE)
  @Mutation(() => Boolean, { description: 'Deletes the zone and the records posted with it (the provisioned host record stays).' })
  deleteDnsZone(@Arg('tenantId', () => ID) tenantId: string, @Ctx() ctx: RequestContext): Promise<boolean> {
    return this.service.deleteZone(requirePrincipal(ctx), tenantId);
  }

  @Authorized(PLATFORM_ADMIN, NETWORK_WRITE)
  @Mutation(() => TenantIngress, { description: 'Creates or replaces the ingress of the tenant\'s host.' })
  saveTenantIngress(@Arg('tenantId', () => ID) tenantId: string, @Arg('input', () => IngressInput, { nullable: true }) input: IngressInput | undefined, @Ctx() ctx: RequestContext): Promise<TenantIngress> {
    return this.service.saveIngress(requirePrincipal(ctx), tenantId, input ?? {});
  }

  @Authorized(ADMIN, PLATFORM_ADMIN, NETWORK_READ)
  @Query(() => TenantIngress, { description: 'The ingress: host, class, backend, path rules and TLS.' })
  tenantIngress(@Arg('tenantId', () => ID) tenantId: string, @Ctx() ctx: RequestContext): Promise<TenantIngress> {
    return this.service.ingress(requirePrincipal(ctx), tenantId);
  }

  @Authorized(PLATFORM_ADMIN, NETWORK_WRITE)
  @Mutation(() => TlsCertificate, { description: 'Uploads a TLS certificate for the ingress host (validated; key sealed, never returned) or requests a managed one.' })
  addTenantCertificate(@Arg('tenantId', () => ID) tenantId: string, @Arg('input') input: CertificateInput, @Ctx() ctx: RequestContext): Promise<TlsCertificate> {
    return this.service.addCertificate(requirePrincipal(ctx), tenantId, input);
  }
}
