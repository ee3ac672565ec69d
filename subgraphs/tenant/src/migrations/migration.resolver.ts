import { Arg, Args, Authorized, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { requirePrincipal, SystemRole, type RequestContext } from '@dataplat/kit';
import { CreateMigrationInput, MigrationListArgs } from './migration.inputs';
import type { MigrationService } from './migration.service';
import { MigrationEstimate, MigrationRegion, MigrationStats, TenantMigration, TenantMigrationPage } from './migration.type';
import { MIGRATIONS_READ, MIGRATIONS_WRITE } from '../permissions';

const { ADMIN, PLATFORM_ADMIN } = SystemRole;

/**
 * Tenant migrations of spec 2 (docs/tenant-migrations.md "Roles"): a tenant's administrators
 * create, start, cancel and roll back their tenant's migrations; platform administrators do
 * the same for any tenant, and only they approve and read the platform-wide statistics.
 */
@Resolver(() => TenantMigration)
export class MigrationResolver {
  constructor(private readonly service: MigrationService) {}

  @Authorized(ADMIN, PLATFORM_ADMIN, MIGRATIONS_READ)
  @Query(() => TenantMigrationPage, { description: 'Migrations of a tenant, most recent first.' })
  tenantMigrations(@Arg('tenantId', () => ID) tenantId: string, @Args() args: MigrationListArgs, @Ctx() ctx: RequestContext): Promise<TenantMigrationPage> {
    return this.service.list(requirePrincipal(ctx), tenantId, args);
  }

  @Authorized(ADMIN, PLATFORM_ADMIN, MIGRATIONS_READ)
  @Query(() => TenantMigration, { description: 'The tenant\'s active migration (PENDING, APPROVED, IN_PROGRESS or ROLLING_BACK); 404 DPF-TEN-064 when none.' })
  activeTenantMigration(@Arg('tenantId', () => ID) tenantId: string, @Ctx() ctx: RequestContext): Promise<TenantMigration> {
    return this.service.active(requirePrincipal(ctx), tenantId);
  }

  @Authorized(ADMIN, PLATFORM_ADMIN, MIGRATIONS_READ)
  @Query(() => TenantMigration, { description: 'One migration with its steps.' })
  tenantMigration(@Arg('tenantId', () => ID) tenantId: string, @Arg('migrationId', () => ID) migrationId: string, @Ctx() ctx: RequestContext): Promise<TenantMigration> {
    return this.service.get(requirePrincipal(ctx), tenantId, migrationId);
  }

  @Authorized(ADMIN, PLATFORM_ADMIN, MIGRATIONS_READ)
  @Query(() => MigrationEstimate, { description: 'Estimated duration, transfer size, downtime window and resources of a migration to targetRegion.' })
  tenantMigrationEstimate(@Arg('tenantId', () => ID) tenantId: string, @Arg('targetRegion', () => String, { nullable: true }) targetRegion: string | undefined, @Ctx() ctx: RequestContext): Promise<MigrationEstimate> {
    return this.service.estimate(requirePrincipal(ctx), tenantId, targetRegion ?? undefined);
  }

  @Authorized(ADMIN, PLATFORM_ADMIN, MIGRATIONS_READ)
  @Query(() => [MigrationRegion], { description: 'Regions, with whether they accept migrations and which one the tenant is in.' })
  tenantMigrationRegions(@Arg('tenantId', () => ID) tenantId: string, @Ctx() ctx: RequestContext): Promise<MigrationRegion[]> {
    return this.service.regions(requirePrincipal(ctx), tenantId);
  }

  @Authorized(PLATFORM_ADMIN)
  @Query(() => MigrationStats, { description: 'Platform-wide: total, by status, success rate, average duration, active count.' })
  tenantMigrationStats(): Promise<MigrationStats> {
    return this.service.stats();
  }

  @Authorized(ADMIN, PLATFORM_ADMIN, MIGRATIONS_WRITE)
  @Mutation(() => TenantMigration, { description: 'Creates a PENDING migration; 400 DPF-TEN-061 invalid, 409 DPF-TEN-062 when the tenant has an active one.' })
  createTenantMigration(@Arg('tenantId', () => ID) tenantId: string, @Arg('input') input: CreateMigrationInput, @Ctx() ctx: RequestContext): Promise<TenantMigration> {
    return this.service.create(requirePrincipal(ctx), tenantId, input);
  }

  @Authorized(PLATFORM_ADMIN)
  @Mutation(() => TenantMigration, { description: 'PENDING to APPROVED (platform administrators).' })
  approveTenantMigration(@Arg('tenantId', () => ID) tenantId: string, @Arg('migrationId', () => ID) migrationId: string, @Ctx() ctx: RequestContext): Promise<TenantMigration> {
    return this.service.approve(requirePrincipal(ctx), tenantId, migrationId);
  }

  @Authorized(ADMIN, PLATFORM_ADMIN, MIGRATIONS_WRITE)
  @Mutation(() => TenantMigration, { description: 'APPROVED to IN_PROGRESS; the job runner executes the steps.' })
  startTenantMigration(@Arg('tenantId', () => ID) tenantId: string, @Arg('migrationId', () => ID) migrationId: string, @Ctx() ctx: RequestContext): Promise<TenantMigration> {
    return this.service.start(requirePrincipal(ctx), tenantId, migrationId);
  }

  @Authorized(ADMIN, PLATFORM_ADMIN, MIGRATIONS_WRITE)
  @Mutation(() => TenantMigration, { description: 'COMPLETED (or FAILED with rollbackEnabled) to ROLLING_BACK, then ROLLED_BACK by the runner.' })
  rollbackTenantMigration(@Arg('tenantId', () => ID) tenantId: string, @Arg('migrationId', () => ID) migrationId: string, @Ctx() ctx: RequestContext): Promise<TenantMigration> {
    return this.service.rollback(requirePrincipal(ctx), tenantId, migrationId);
  }

  @Authorized(ADMIN, PLATFORM_ADMIN, MIGRATIONS_WRITE)
  @Mutation(() => TenantMigration, { description: 'PENDING or APPROVED to CANCELLED.' })
  cancelTenantMigration(@Arg('tenantId', () => ID) tenantId: string, @Arg('migrationId', () => ID) migrationId: string, @Ctx() ctx: RequestContext): Promise<TenantMigration> {
    return this.service.cancel(requirePrincipal(ctx), tenantId, migrationId);
  }
}
