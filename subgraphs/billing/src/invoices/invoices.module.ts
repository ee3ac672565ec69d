import type { SubgraphModule } from '@dataplat/kit';
import type { BillingCore } from '../core';
import { InvoiceResolver } from './invoice.resolver';

/** invoices: generation per period, reads, finalization. */
export const invoicesModule = (core: BillingCore): SubgraphModule => ({ resolvers: [new InvoiceResolver(core.invoices)] });
