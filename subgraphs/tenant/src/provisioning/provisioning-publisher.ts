import type { PrismaClient } from '@dataplat/db';
import { PROVISIONING_CHANNEL, RedisPublisher, type Logger, type PlatformConfig } from '@dataplat/kit';

/**
 * Tells whoever follows a tenant's provisioning (the graphql-ws subscription provisioningStatus
 * on every edge) that it moved: a step, a phase or the job's status. A notice carries only the
 * tenant id; subscribers read the status themselves. Sent after the change commits.
 */
export interface ProvisioningPublisher {
  changed(tenantId: string): void;
  close(): Promise<void>;
}

/** Redis pub/sub (REDIS_URL): heard by every edge replica subscribed to PROVISIONING_CHANNEL. */
export class RedisProvisioningPublisher implements ProvisioningPublisher {
  private readonly redis: RedisPublisher;

  constructor(url: string, logger: Logger) {
    this.redis = new RedisPublisher(url, logger);
  }

  changed(tenantId: string): void {
    this.redis.publish(PROVISIONING_CHANNEL, tenantId);
  }

  close(): Promise<void> {
    return this.redis.close();
  }
}

/** Without Redis: a PostgreSQL NOTIFY, heard by the edges' LISTEN connection. */
export class PgNotifyProvisioningPublisher implements ProvisioningPublisher {
  constructor(
    private readonly db: PrismaClient,
    private readonly logger: Logger,
  ) {}

  changed(tenantId: string): void {
    this.db.$executeRaw`SELECT pg_notify(${PROVISIONING_CHANNEL}, ${tenantId})`.catch((e: unknown) => this.logger.warn({ err: e }, 'provisioning notify failed'));
  }

  async close(): Promise<void> {}
}

export function provisioningPublisher(db: PrismaClient, config: PlatformConfig, logger: Logger): ProvisioningPublisher {
  return config.REDIS_URL ? new RedisProvisioningPublisher(config.REDIS_URL, logger) : new PgNotifyProvisioningPublisher(db, logger);
}
