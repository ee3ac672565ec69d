import type { ConfigCore, ConfigModule } from '../core';
import { FlagRepository } from './flags.repository';
import { FlagResolver } from './flags.resolver';
import { FlagService } from './flags.service';

/** flags: feature flags and their evaluation (docs/feature-flags.md). */
export function featureFlagsModule(core: ConfigCore): ConfigModule {
  return { resolvers: [new FlagResolver(new FlagService(new FlagRepository(core.db)))] };
}
