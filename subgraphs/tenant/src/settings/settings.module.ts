import type { TenantCore, TenantModule } from '../core';
import { NetworkRepository } from '../network/network.repository';
import { SettingsRepository } from './settings.repository';
import { SettingsResolver } from './settings.resolver';
import { SettingsService } from './settings.service';

/** settings: tenant preferences and limits (docs/tenant-operations.md). */
export function settingsModule(core: TenantCore): TenantModule {
  return { resolvers: [new SettingsResolver(new SettingsService(new SettingsRepository(core.db), core.tenants, core.connectorJobs.repo, new NetworkRepository(core.db)))] };
}
