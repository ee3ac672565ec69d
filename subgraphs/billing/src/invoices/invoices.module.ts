import type { SubgraphModule } from '@dataplat/kit';
import type { BillingCore } from '../core';
import { InvoiceRepository } from './invoice.repository';
import { InvoiceResolver } from './invoice.resolver';
import { InvoiceService } from './invoice.service';

/** invoices: generation per period, reads, finalization. */
export const invoicesModule = (core: BillingCore): SubgraphModule => ({
  resolvers: [new InvoiceResolver(new InvoiceService(new InvoiceRepository(core.db), core.usageRepo, core.accounts, core.plans, core.tax))],
});
