import DataLoader from 'dataloader';
import type { FastifyBaseLogger } from 'fastify';
import type { Principal } from './auth/principal';

/** Client facts captured from the request, for sessions, anomaly detection and audit. */
export interface ClientInfo {
  ip: string | null;
  userAgent: string | null;
  /** Request id, for audit records. */
  requestId?: string;
}

/** Per-request DataLoaders: one instance per loader name, created on first use. */
export class Loaders {
  private readonly loaders = new Map<string, DataLoader<unknown, unknown>>();

  get<K, V>(name: string, create: () => DataLoader<K, V>): DataLoader<K, V> {
    let loader = this.loaders.get(name);
    if (!loader) {
      loader = create() as DataLoader<unknown, unknown>;
      this.loaders.set(name, loader);
    }
    return loader as DataLoader<K, V>;
  }
}

/** What every resolver receives. */
export interface RequestContext {
  requestId: string;
  principal?: Principal;
  client: ClientInfo;
  log: FastifyBaseLogger;
  loaders: Loaders;
}

/** First address of X-Forwarded-For, else X-Real-IP, else the socket address. */
export function clientIp(headers: Record<string, string | string[] | undefined>, socketIp?: string | null): string | null {
  const forwarded = first(headers['x-forwarded-for']);
  if (forwarded) {
    const ip = forwarded.split(',')[0]?.trim();
    if (ip) return ip;
  }
  return first(headers['x-real-ip'])?.trim() || socketIp || null;
}

export function first(v: string | string[] | undefined): string | undefined {
  return Array.isArray(v) ? v[0] : v;
}
