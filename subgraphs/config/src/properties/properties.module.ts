import type { ConfigCore, ConfigModule } from '../core';
import { PropertyRepository } from './properties.repository';
import { PropertyResolver } from './properties.resolver';
import { PropertyService } from './properties.service';

/** properties: versioned configuration served as Spring Cloud Config does (docs/config-service.md). */
export function propertiesModule(core: ConfigCore): ConfigModule {
  return { resolvers: [new PropertyResolver(new PropertyService(new PropertyRepository(core.db)))] };
}
