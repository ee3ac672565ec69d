import type { PrismaClient } from '@dataplat/db';
import type { Logger, PlatformConfig } from '@dataplat/kit';
import { connectorRunner, type ConnectorJobs } from './connectors/connector-jobs';
import type { IdentityGateway } from './identity/identity-client';
import { embeddedProvisioners } from './provisioning/embedded-provisioners';
import { provisioningPublisher, type ProvisioningPublisher } from './provisioning/provisioning-publisher';
import { ProvisioningRunner } from './provisioning/provisioning-runner';
import type { Provisioners } from './provisioning/provisioning-steps';
import { provisioningStarter, type ProvisioningStarter } from './provisioning/provisioning-workflow';
import { ProvisioningRepository } from './provisioning/provisioning.repository';
import { TenantRepository } from './tenants/tenant.repository';
import { MigrationRunner } from './migrations/migration-runner';
import { MigrationRepository } from './migrations/migration.repository';

/** What every tenant-service module shares (built once per process). */
export interface TenantCore {
  db: PrismaClient;
  config: PlatformConfig;
  logger: Logger;
  /** Identity, reached through its GraphQL API (first administrators, health). */
  identity: IdentityGateway;
  tenants: TenantRepository;
  provisioningJobs: ProvisioningRepository;
  /** The durable job runner of the provisioning workflow (started by the server). */
  runner: ProvisioningRunner;
  provisioning: ProvisioningStarter;
  migrations: MigrationRepository;
  /** The durable job runner of tenant migrations (started by the server). */
  migrationRunner: MigrationRunner;
  /** Connector tests and syncs: their durable job runner (started by the server), repository and secrets. */
  connectorJobs: ConnectorJobs;
  /** Provisioning change notices for subscriptions (closed by the server). */
  provisioningEvents: ProvisioningPublisher;
}

export interface CoreOptions {
  /** Provisioners the workflow's steps act on (default: the embedded ones, real local work). */
  provisioners?: Provisioners;
}

export function createCore(db: PrismaClient, config: PlatformConfig, logger: Logger, identity: IdentityGateway, options: CoreOptions = {}): TenantCore {
  const tenants = new TenantRepository(db);
  const provisioningEvents = provisioningPublisher(db, config, logger);
  const provisioningJobs = new ProvisioningRepository(db, provisioningEvents);
  // Fault injection (tenant.provisioning_faults) is honoured only in tests. The runners' sweeps
  // wake on their tables' notices; BACKGROUND_POLL_INTERVAL is their safety net.
  const runnerOptions = { faultInjection: config.NODE_ENV === 'test', sweepMs: config.BACKGROUND_POLL_INTERVAL };
  const runner = new ProvisioningRunner(provisioningJobs, tenants, options.provisioners ?? embeddedProvisioners(db), logger, runnerOptions);
  const migrations = new MigrationRepository(db);
  const migrationRunner = new MigrationRunner(migrations, tenants, logger, runnerOptions);
  const connectorJobs = connectorRunner({ db, config, logger });
  return { db, config, logger, identity, tenants, provisioningJobs, runner, provisioning: provisioningStarter(provisioningJobs, runner), migrations, migrationRunner, connectorJobs, provisioningEvents };
}

/** A domain of the tenant subgraph: its resolver instances (and entity references). */
export interface TenantModule {
  resolvers: object[];
  references?: Record<string, { __resolveReference: (ref: any, context: any) => unknown }>;
}
