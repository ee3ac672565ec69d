import { PROVISIONING_CHANNEL, subscribeRedis } from '@dataplat/kit';

/**
 * Provisioning change notices at this edge, by tenant: what the tenant service's runners
 * publish (Redis pub/sub with REDIS_URL, else PostgreSQL NOTIFY on PROVISIONING_CHANNEL, which
 * the edge's LISTEN connection hands to `notify`). Subscriptions wait on it between polls.
 */
export class ProvisioningFeed {
  private readonly listeners = new Map<string, Set<() => void>>();
  private redis?: { close(): Promise<void> };

  /** With a Redis URL, hears every replica's runners on the Redis channel. */
  async start(redisUrl?: string): Promise<void> {
    if (redisUrl) this.redis = await subscribeRedis(redisUrl, PROVISIONING_CHANNEL, (tenantId) => this.notify(tenantId));
  }

  /** Calls `listener` on every notice about `tenantId` until the returned function is called. */
  subscribe(tenantId: string, listener: () => void): () => void {
    const key = tenantId.toLowerCase();
    let set = this.listeners.get(key);
    if (!set) this.listeners.set(key, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (!set.size) this.listeners.delete(key);
    };
  }

  notify(payload: string): void {
    for (const listener of this.listeners.get(payload.trim().toLowerCase()) ?? []) listener();
  }

  async close(): Promise<void> {
    await this.redis?.close();
  }
}
