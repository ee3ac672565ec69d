import { randomUUID } from 'node:crypto';
import type { ApiClient } from './client';

/** The previous calendar month (UTC) as YYYY-MM: a closed billing period. */
export function previousPeriod(now = new Date()): string {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** Registers a service client with `scopes` (as a platform admin) and returns a service token of it. */
export async function serviceTokenWith(api: ApiClient, rootToken: string, scopes: string[]): Promise<string> {
  const id = `svc-${randomUUID().slice(0, 8)}`;
  const reg = await api.post('/api/v1/service-clients', { id, scopes }, { token: rootToken });
  if (reg.status !== 201) throw new Error(`register ${id}: ${reg.status} ${reg.text}`);
  const grant = await api.post('/api/v1/auth/service-token', { clientId: id, clientSecret: reg.body.clientSecret });
  if (grant.status !== 200) throw new Error(`service token: ${grant.status} ${grant.text}`);
  return grant.body.accessToken;
}

/** POST /api/v1/billing/metering/events with a fresh eventId unless one is given. */
export function meter(api: ApiClient, token: string | undefined, event: Record<string, unknown>) {
  return api.post('/api/v1/billing/metering/events', { eventId: randomUUID(), source: 'e2e', ...event }, token ? { token } : {});
}

/** Records events and fails on anything but 202. */
export async function meterAll(api: ApiClient, token: string, events: Array<Record<string, unknown>>): Promise<void> {
  for (const e of events) {
    const res = await meter(api, token, e);
    if (res.status !== 202) throw new Error(`metering failed: ${res.status} ${res.text}`);
  }
}
