import type { ConfigCore, ConfigModule } from '../core';
import { MarketplaceRepository } from './marketplace.repository';
import { MarketplaceResolver } from './marketplace.resolver';
import { MarketplaceService } from './marketplace.service';

/** marketplace: the catalogue of templates, connectors and extensions (docs/config-service.md). */
export function marketplaceModule(core: ConfigCore): ConfigModule {
  return { resolvers: [new MarketplaceResolver(new MarketplaceService(new MarketplaceRepository(core.db)))] };
}
