import type { TenantCore, TenantModule } from '../core';
import { MigrationResolver } from './migration.resolver';
import { MigrationService } from './migration.service';

/** migrations: region migrations of tenants and their job runner (docs/tenant-migrations.md). */
export function migrationsModule(core: TenantCore): TenantModule {
  return { resolvers: [new MigrationResolver(new MigrationService(core.migrations, core.tenants, core.migrationRunner))] };
}
