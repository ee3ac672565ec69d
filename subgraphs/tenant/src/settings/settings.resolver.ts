import { requirePrincipal, SystemRole, type RequestContext } from '@dataplat/kit';
import { Arg, Authorized, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { TenantLimitsInput, TenantPreferencesInput } from './settings.inputs';
import type { SettingsService } from './settings.service';
import { TenantSettingsView } from './settings.type';
import { SETTINGS_READ, SETTINGS_WRITE } from '../permissions';

const { ADMIN, PLATFORM_ADMIN } = SystemRole;

/** Settings (tenant Admin) and limits (Platform admin) of spec 2 (docs/tenant-operations.md). */
@Resolver(() => TenantSettingsView)
export class SettingsResolver {
  constructor(private readonly service: SettingsService) {}

  @Authorized(ADMIN, PLATFORM_ADMIN, SETTINGS_READ)
  @Query(() => TenantSettingsView, { description: 'Limits, preferences and usage of a tenant.' })
  tenantSettings(@Arg('tenantId', () => ID) tenantId: string, @Ctx() ctx: RequestContext): Promise<TenantSettingsView> {
    return this.service.get(requirePrincipal(ctx), tenantId);
  }

  @Authorized(ADMIN, PLATFORM_ADMIN, SETTINGS_WRITE)
  @Mutation(() => TenantSettingsView, { description: 'Changes preferences (time zone, locale, retention, notification e-mail, default region).' })
  updateTenantSettings(@Arg('tenantId', () => ID) tenantId: string, @Arg('input') input: TenantPreferencesInput, @Ctx() ctx: RequestContext): Promise<TenantSettingsView> {
    return this.service.update(requirePrincipal(ctx), tenantId, input);
  }

  @Authorized(PLATFORM_ADMIN, SETTINGS_WRITE)
  @Mutation(() => TenantSettingsView, { description: 'Sets limits (maxUsers, maxConnectors, gpuEnabled, dedicatedIngress, maxStorageGb, maxPipelines, maxApiKeys).' })
  setTenantLimits(@Arg('tenantId', () => ID) tenantId: string, @Arg('input') input: TenantLimitsInput, @Ctx() ctx: RequestContext): Promise<TenantSettingsView> {
    return this.service.setLimits(requirePrincipal(ctx), tenantId, input);
  }
}
