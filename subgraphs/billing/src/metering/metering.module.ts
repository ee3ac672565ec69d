import type { SubgraphModule } from '@dataplat/kit';
import type { BillingCore } from '../core';
import { MeteringRepository } from './metering.repository';
import { MeteringResolver } from './metering.resolver';
import { MeteringService } from './metering.service';

/** metering: events from internal services and their per-tenant summary (docs/billing-service.md). */
export function meteringModule(core: BillingCore): SubgraphModule {
  return { resolvers: [new MeteringResolver(new MeteringService(new MeteringRepository(core.db), core.accounts, core.plans, core.monitor))] };
}
