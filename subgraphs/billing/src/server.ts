import type { PrismaClient } from '@dataplat/db';
import { PrincipalCodec, serveSubgraph, type Logger, type PlatformConfig, type RunningSubgraph } from '@dataplat/kit';
import { GraphTenantDirectory } from './accounts/tenant-directory';
import { buildBillingSchema } from './billing';
import type { TaxPolicy } from './plans/pricing';

export interface BillingServerOptions {
  db: PrismaClient;
  config: PlatformConfig;
  logger: Logger;
  /** GraphQL URL of the tenant subgraph (tenants' plans are read through it). */
  tenantUrl: string;
  port?: number;
  tax?: TaxPolicy;
}

/** Starts the billing subgraph on its port (8087 by default; 0 picks a free one). */
export async function startBilling(opts: BillingServerOptions): Promise<RunningSubgraph> {
  const tenants = new GraphTenantDirectory(opts.tenantUrl, await PrincipalCodec.create(opts.config.JWT_SECRET));
  const schema = await buildBillingSchema({ db: opts.db, config: opts.config, tenants, tax: opts.tax });
  return serveSubgraph('billing', schema, { config: opts.config, logger: opts.logger, port: opts.port ?? opts.config.BILLING_PORT });
}
