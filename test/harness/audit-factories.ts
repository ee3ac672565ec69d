import type { ApiClient } from './client';
import { query } from './database';

/** Audit events of the caller's tenant matching `params`, once at least `min` are there (the chainer writes behind). */
export async function waitForAuditEvents(api: ApiClient, token: string, params: Record<string, string>, min = 1, timeoutMs = 10_000, headers: Record<string, string> = {}): Promise<any[]> {
  const qs = new URLSearchParams({ size: '100', ...params }).toString();
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await api.get(`/api/v1/audit/events?${qs}`, { token, headers });
    if (res.status !== 200) throw new Error(`audit events failed: ${res.status} ${res.text}`);
    if (res.body.data.length >= min || Date.now() > deadline) return res.body.data;
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Waits until the tenant's chain head reaches `seq` (all intake rows chained). */
export async function waitForChainHead(databaseUrl: string, tenantId: string, seq: number, timeoutMs = 30_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const rows = await query(databaseUrl, 'SELECT seq::int AS seq FROM audit.chain_heads WHERE tenant_id = $1', [tenantId]);
    const head = rows[0]?.seq ?? 0;
    if (head >= seq || Date.now() > deadline) return head;
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Writes `count` synthetic intake rows for a tenant, `ageDays` old, with one SQL statement (the chainer chains them). */
export async function insertIntake(databaseUrl: string, tenantId: string, count: number, ageDays = 0, action = 'syntheticChange'): Promise<void> {
  await query(
    databaseUrl,
    `INSERT INTO audit.intake (event_id, tenant_id, occurred_at, actor_kind, actor_id, actor_roles, action, category, resource_type, resource_id, outcome, request_id, ip, user_agent, details)
     SELECT gen_random_uuid(), $1::uuid, now() - make_interval(days => $3::int) + g * interval '1 millisecond', 'service_token', 'loadgen', '{}', $4, 'CHANGE',
            'Synthetic', 'r-' || g, 'SUCCESS', 'req-' || g, '127.0.0.1', 'e2e, "quoted" agent', jsonb_build_object('input', jsonb_build_object('n', g, 'note', 'a,b "c"'))
       FROM generate_series(1, $2::int) AS g`,
    [tenantId, count, ageDays, action],
  );
}
