import { Arg, Authorized, Field, ID, ObjectType, Query, Resolver } from 'type-graphql';
import { DomainError, ErrorCode, SystemRole, TENANT_DIRECTORY_SCOPE } from '@dataplat/kit';
import type { TenantRepository } from './tenant.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

@ObjectType({ description: "A tenant's id, slug and status: what other platform services may know of it." })
export class TenantDirectoryEntry {
  @Field(() => ID) id: string;
  @Field() slug: string;
  @Field({ description: 'PROVISIONING, ACTIVE, SUSPENDED, DEPROVISIONING, DEPROVISIONED or FAILED.' }) status: string;
}

/**
 * The tenant directory of the platform's own services (identity's login, the edge's
 * suspension check): they ask here instead of reading the tenant service's tables.
 */
@Resolver()
export class TenantDirectoryResolver {
  constructor(private readonly tenants: TenantRepository) {}

  @Authorized(SystemRole.PLATFORM_ADMIN, TENANT_DIRECTORY_SCOPE)
  @Query(() => TenantDirectoryEntry, { nullable: true, description: 'Platform services (scope tenants:directory): the tenant with this id or slug (exactly one), or null.' })
  async tenantDirectoryEntry(
    @Arg('id', () => ID, { nullable: true }) id?: string | null,
    @Arg('slug', () => String, { nullable: true }) slug?: string | null,
  ): Promise<TenantDirectoryEntry | null> {
    if ((id == null) === (slug == null)) throw new DomainError(ErrorCode.VALIDATION_FAILED, 'Give exactly one of id and slug');
    const row = id != null ? (UUID.test(id) ? await this.tenants.find(id.toLowerCase()) : null) : await this.tenants.findBySlug(slug!.trim().toLowerCase());
    return row && { id: row.id, slug: row.slug, status: row.status };
  }
}
