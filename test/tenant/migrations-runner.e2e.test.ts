import { createPrismaClient, type PrismaClient } from '@dataplat/db';
import { ApiClient } from '../harness/client';
import { eventually, query } from '../harness/database';
import { userWithRoles } from '../harness/identity-factories';
import type { TestPlatform } from '../harness/platform';
import { startPlatformAsRoot } from '../harness/root-session';
import { provisionTenant } from '../harness/tenant-factories';
import { MigrationRunner } from '../../subgraphs/tenant/src/migrations/migration-runner';
import { MigrationRepository } from '../../subgraphs/tenant/src/migrations/migration.repository';
import { TenantRepository } from '../../subgraphs/tenant/src/tenants/tenant.repository';

/**
 * The migration runner is durable: a migration left IN_PROGRESS by a runner that died (lease
 * expired, some steps done, one RUNNING) is resumed from there by other runners racing for it
 * (two here plus the platform's own sweep); each remaining step runs exactly once.
 */
let platform: TestPlatform;
let api: ApiClient;
let root: string;
let db: PrismaClient;

beforeAll(async () => {
  ({ platform, api, root } = await startPlatformAsRoot());
  db = createPrismaClient(platform.databaseUrl, { poolSize: 4 });
});
afterAll(async () => {
  await db?.$disconnect();
  await platform?.stop();
});

const quiet = { info() {}, warn() {}, error() {}, debug() {}, child() { return quiet; } } as any;

it('resumes a migration left behind by a dead runner; every remaining step runs once', async () => {
  const tenant = await provisionTenant(api, root, { region: 'us-east-1' });
  const admin = await userWithRoles(api, root, tenant.id, ['ADMIN']);
  const base = `/api/v1/tenants/${tenant.id}/migrations`;
  const created = await api.post(base, { migrationName: 'resume', sourceRegion: 'us-east-1', targetRegion: 'us-west-2', trafficShiftStep: 50 }, { token: admin.token });
  expect(created.status).toBe(201);
  const id = created.body.id;
  expect((await api.post(`${base}/${id}/approve`, undefined, { token: root })).status).toBe(200);
  // As a runner that died after the copies would leave it: IN_PROGRESS, lease expired, traffic-50 RUNNING.
  await query(platform.databaseUrl, "UPDATE tenant.migration_steps SET status = 'COMPLETED', attempts = 1, started_at = now(), completed_at = now(), duration_ms = 0 WHERE migration_id = $1 AND ordinal < 4", [id]);
  await query(platform.databaseUrl, "UPDATE tenant.migration_steps SET status = 'RUNNING', attempts = 1, started_at = now() WHERE migration_id = $1 AND name = 'traffic-50'", [id]);
  await query(platform.databaseUrl, "UPDATE tenant.migrations SET status = 'IN_PROGRESS', started_at = now(), locked_by = 'runner-dead', locked_until = now() - interval '1 second' WHERE id = $1", [id]);
  // A slow step, so that the runners overlap while the migration runs.
  await query(platform.databaseUrl, 'INSERT INTO tenant.provisioning_faults (slug, step, remaining, fail, delay_ms) VALUES ($1, $2, 1, false, 1500)', [tenant.slug, 'migration:traffic-100']);

  const runner = () => new MigrationRunner(new MigrationRepository(db), new TenantRepository(db), quiet, { faultInjection: true });
  const [a, b] = [runner(), runner()];
  await Promise.all([a.run(id), b.run(id), a.sweep(), b.sweep()]);
  const done = await eventually(async () => {
    const res = await api.get(`${base}/${id}`, { token: admin.token });
    return res.body.status === 'COMPLETED' ? res.body : undefined;
  }, 30_000);
  expect(done).toMatchObject({ status: 'COMPLETED', trafficPercent: 100, progressPercent: 100 });
  expect(done.steps.map((s: any) => [s.name, s.status, s.attempts])).toEqual([
    ['backup', 'COMPLETED', 1], ['copy-data', 'COMPLETED', 1], ['copy-config', 'COMPLETED', 1], ['copy-secrets', 'COMPLETED', 1],
    ['traffic-50', 'COMPLETED', 2], ['traffic-100', 'COMPLETED', 1], ['cutover', 'COMPLETED', 1],
  ]);
  const [{ region }] = await query(platform.databaseUrl, 'SELECT region FROM tenant.tenants WHERE id = $1', [tenant.id]);
  expect(region).toBe('us-west-2');
  const [lock] = await query(platform.databaseUrl, 'SELECT locked_by FROM tenant.migrations WHERE id = $1', [id]);
  expect(lock.locked_by).toBeNull();
  await Promise.all([a.stop(), b.stop()]);
});
