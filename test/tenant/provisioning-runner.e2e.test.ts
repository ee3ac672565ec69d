import { createPrismaClient, type PrismaClient } from '@dataplat/db';
import { ApiClient } from '../harness/client';
import { eventually, query } from '../harness/database';
import type { TestPlatform } from '../harness/platform';
import { startPlatformAsRoot } from '../harness/root-session';
import { uniqueSlug } from '../harness/tenant-factories';
import { embeddedProvisioners } from '../../subgraphs/tenant/src/provisioning/embedded-provisioners';
import { ProvisioningRunner } from '../../subgraphs/tenant/src/provisioning/provisioning-runner';
import { ProvisioningRepository } from '../../subgraphs/tenant/src/provisioning/provisioning.repository';
import { TenantRepository } from '../../subgraphs/tenant/src/tenants/tenant.repository';

/**
 * The job runner's claim: several runners (two here, in this process, plus the platform's own
 * sweep) race for a job left IN_PROGRESS by a dead runner; every remaining step runs exactly once.
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

it('never runs one job in two runners at once', async () => {
  const slug = uniqueSlug();
  // Fail at the first networking step, so that four steps are done and three remain.
  await query(platform.databaseUrl, "INSERT INTO tenant.provisioning_faults (slug, step) VALUES ($1, 'dns-record')", [slug]);
  const res = await api.post('/api/v1/tenants', { name: 'Race', slug, plan: 'FREE', region: 'eu-west-1', adminEmail: `a-${slug}@e2e.test` }, { token: root });
  expect(res.body.status).toBe('FAILED');
  // Slow steps, so that the runners overlap while the job runs.
  for (const step of ['dns-record', 'ingress']) {
    await query(platform.databaseUrl, 'INSERT INTO tenant.provisioning_faults (slug, step, remaining, fail, delay_ms) VALUES ($1, $2, 1, false, 1500) ON CONFLICT (slug, step) DO UPDATE SET remaining = 1, fail = false, delay_ms = 1500', [slug, step]);
  }
  // As a runner that died in the middle would leave it: IN_PROGRESS, lease expired.
  const [job] = await query(platform.databaseUrl, 'SELECT id FROM tenant.provisioning_jobs WHERE tenant_id = $1', [res.body.id]);
  await query(platform.databaseUrl, "UPDATE tenant.provisioning_steps SET status = 'PENDING', attempts = 0 WHERE job_id = $1 AND status = 'FAILED'", [job.id]);
  await query(platform.databaseUrl, "UPDATE tenant.tenants SET status = 'PROVISIONING' WHERE id = $1", [res.body.id]);
  await query(platform.databaseUrl, "UPDATE tenant.provisioning_jobs SET status = 'IN_PROGRESS', locked_by = 'runner-dead', locked_until = now() - interval '1 second' WHERE id = $1", [job.id]);

  const runner = () => new ProvisioningRunner(new ProvisioningRepository(db), new TenantRepository(db), embeddedProvisioners(db), quiet, { faultInjection: true });
  const [a, b] = [runner(), runner()];
  await Promise.all([a.run(job.id), b.run(job.id), a.sweep(), b.sweep()]);
  const done = await eventually(async () => {
    const [row] = await query(platform.databaseUrl, 'SELECT status FROM tenant.provisioning_jobs WHERE id = $1', [job.id]);
    return row.status === 'COMPLETED' ? row : undefined;
  }, 30_000);
  expect(done.status).toBe('COMPLETED');

  const steps = await query(platform.databaseUrl, 'SELECT name, attempts FROM tenant.provisioning_steps WHERE job_id = $1 ORDER BY ordinal', [job.id]);
  expect(steps.map((s) => s.attempts)).toEqual([1, 1, 1, 1, 1, 1, 1]);
  const starts = await query(platform.databaseUrl, "SELECT step, count(*)::int AS n FROM tenant.provisioning_events WHERE job_id = $1 AND type = 'STEP_STARTED' GROUP BY step ORDER BY step", [job.id]);
  // dns-record: the failed run and the resumed one; every other step once.
  expect(Object.fromEntries(starts.map((r) => [r.step, r.n]))).toEqual({ 'create-role': 1, 'create-schema': 1, 'default-quotas': 1, 'dns-record': 2, ingress: 1, 'rate-limit-tier': 1, 'verify-resources': 1 });
  const resumed = await query(platform.databaseUrl, "SELECT count(*)::int AS n FROM tenant.provisioning_events WHERE job_id = $1 AND type = 'JOB_RESUMED'", [job.id]);
  expect(resumed[0].n).toBe(1);
  const [tenant] = await query(platform.databaseUrl, 'SELECT status FROM tenant.tenants WHERE id = $1', [res.body.id]);
  expect(tenant.status).toBe('ACTIVE');
}, 90_000);
