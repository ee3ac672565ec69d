import Redis from 'ioredis';
import type { Logger } from '../logger';

/**
 * Change notices over Redis pub/sub (REDIS_URL): what one replica publishes, every replica
 * subscribed to the channel hears. Notices are hints ("look again"), never the data: a lost
 * one is covered by the subscribers' own polling.
 */
export class RedisPublisher {
  private readonly redis: Redis;

  constructor(
    url: string,
    private readonly logger?: Logger,
  ) {
    this.redis = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true });
  }

  publish(channel: string, payload: string): void {
    this.redis.publish(channel, payload).catch((e) => this.logger?.warn({ err: e, channel }, 'redis publish failed'));
  }

  async close(): Promise<void> {
    await this.redis.quit();
  }
}

/** Subscribes one connection to `channel` and hands every message to `onMessage`. */
export async function subscribeRedis(url: string, channel: string, onMessage: (payload: string) => void): Promise<{ close(): Promise<void> }> {
  const redis = new Redis(url, { maxRetriesPerRequest: null });
  redis.on('message', (ch: string, payload: string) => {
    if (ch === channel) onMessage(payload);
  });
  await redis.subscribe(channel);
  return { close: async () => void (await redis.quit()) };
}
