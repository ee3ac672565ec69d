import type { PrismaClient } from '@dataplat/db';
import { PollingLoop, PrincipalCodec, serveSubgraph, type Logger, type RunningSubgraph } from '@dataplat/kit';
import { GraphTenantDirectory } from './accounts/tenant-directory';
import { buildBillingSchema } from './billing';
import { createCore } from './core';
import type { TaxPolicy } from './plans/pricing';
import type { BillingConfig } from './settings';

export interface BillingServerOptions {
  db: PrismaClient;
  config: BillingConfig;
  logger: Logger;
  /** GraphQL URL of the tenant subgraph (tenants' plans are read through it). */
  tenantUrl: string;
  port: number;
  tax?: TaxPolicy;
}

/**
 * Starts the billing subgraph on its port (8087 by default; 0 picks a free one) and its
 * scheduled job drafting the invoices of the last closed month (at start, when a UTC month
 * closes, and at least every BILLING_INVOICE_INTERVAL), stopped when the server closes.
 */
export async function startBilling(opts: BillingServerOptions): Promise<RunningSubgraph> {
  const tenants = new GraphTenantDirectory(opts.tenantUrl, await PrincipalCodec.create(opts.config.JWT_SECRET));
  const deps = { db: opts.db, config: opts.config, tenants, tax: opts.tax };
  const core = createCore(deps);
  const schema = await buildBillingSchema(deps, core);
  const running = await serveSubgraph('billing', schema, { config: opts.config, logger: opts.logger, port: opts.port });
  const log = opts.logger.child({ component: 'billing-invoice-drafts' });
  const drafts = new PollingLoop(async () => {
    const { period, created } = await core.invoices.draftClosedMonth();
    if (created) log.info({ period, created }, 'invoice drafts created');
  }, opts.config.BILLING_INVOICE_INTERVAL * 1000, log, 'drafting invoices failed', { dueInMs: untilMonthCloses });
  drafts.start();
  return {
    ...running,
    close: async () => {
      await drafts.stop();
      await running.close();
    },
  };
}

/** Milliseconds until the current UTC month closes (and a second more: the month is then the last closed one). */
export function untilMonthCloses(): number {
  const now = new Date();
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1) - now.getTime() + 1000;
}
