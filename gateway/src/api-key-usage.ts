import type { ApiKeyStore, ApiKeyUsage, Logger } from '@dataplat/kit';
import { LRUCache } from 'lru-cache';

/**
 * Write-behind of `last_used_at` / `last_used_ip`: at most one write per key per interval
 * (a minute) from each edge, batched and flushed in the background `flushDelayMs` after the
 * first use waiting (no timer runs while nothing waits). A request never waits for it, and a
 * busy key costs one UPDATE a minute, not one per request.
 */
export class ApiKeyUsageRecorder {
  /** Key -> epoch ms of the last use written (or found written). */
  private readonly written = new LRUCache<string, number>({ max: 100_000 });
  private pending = new Map<string, ApiKeyUsage>();
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly store: Pick<ApiKeyStore, 'recordUsage'>,
    private readonly intervalMs = 60_000,
    private readonly logger?: Pick<Logger, 'warn'>,
    private readonly flushDelayMs = 5_000,
  ) {}

  /** Notes a use; `storedLastUsedAt` is what the database said when the key was loaded. */
  seen(tenantId: string, id: number, ip: string | null, now: number, storedLastUsedAt?: number | null): void {
    const key = `${tenantId}:${id}`;
    const last = this.written.get(key) ?? storedLastUsedAt ?? undefined;
    if (last !== undefined && now - last < this.intervalMs) return;
    this.written.set(key, now);
    this.pending.set(key, { tenantId, id, at: new Date(now), ip });
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      void this.flush();
    }, this.flushDelayMs);
    this.timer.unref();
  }

  /** Uses waiting to be written (for tests and shutdown). */
  get queued(): number {
    return this.pending.size;
  }

  async flush(): Promise<void> {
    if (this.pending.size === 0) return;
    const batch = [...this.pending.values()];
    this.pending = new Map();
    try {
      await this.store.recordUsage(batch);
    } catch (e) {
      this.logger?.warn({ err: e, keys: batch.length }, 'could not record API key usage');
    }
  }

  async stop(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.flush();
  }
}
