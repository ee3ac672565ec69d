import { randomBytes } from 'node:crypto';
import { openTestDatabase, type TestDatabase } from '@dataplat/db';
import pg from 'pg';
import { PollingLoop } from '../polling-loop';
import { PgWakeChannel } from './pg-wake-channel';
import { CHANGE_CHANNELS } from './wake-channel';

/**
 * The change channel against a real PostgreSQL (embedded, or a fresh database on
 * TEST_DATABASE_SERVER_URL), migrated, so that the queue tables' triggers are the real ones:
 * delivery on commit only, one LISTEN connection shared by every subscriber, reconnection with a
 * gap notice, and a PollingLoop woken by an insert.
 */
jest.setTimeout(120_000);

let database: TestDatabase | undefined;
let url: string;
const open: PgWakeChannel[] = [];
const log = { warn: jest.fn(), info: jest.fn() } as any;

beforeAll(async () => {
  database = await openTestDatabase('wake');
  url = database.url;
});

afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.close()));
});

afterAll(async () => {
  await database?.close();
});

async function sql<T extends pg.QueryResultRow = any>(text: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, params)).rows;
  } finally {
    await client.end();
  }
}

async function channel(applicationName = `wake-test-${randomBytes(4).toString('hex')}`): Promise<PgWakeChannel> {
  const c = await PgWakeChannel.open(url, { logger: log, applicationName, reconnectMs: { first: 50, max: 500 } });
  open.push(c);
  return c;
}

/** Resolves with what `check` returns once it is not undefined (polling every 20 ms), or fails after `ms`. */
async function eventually<T>(check: () => T | undefined | Promise<T | undefined>, ms = 5_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('PgWakeChannel', () => {
  it('hears pg_notify from another connection on commit only, never for a rollback', async () => {
    const changes = await channel();
    const heard: Array<string | null> = [];
    changes.subscribe('wake_test_commit', (p) => heard.push(p));
    const other = new pg.Client({ connectionString: url });
    await other.connect();
    try {
      await other.query('BEGIN');
      await other.query("SELECT pg_notify('wake_test_commit', 'one')");
      await pause(200);
      expect(heard).toEqual([]); // not before the commit
      await other.query('COMMIT');
      await eventually(() => (heard.length ? true : undefined));
      await other.query('BEGIN');
      await other.query("SELECT pg_notify('wake_test_commit', 'rolled back')");
      await other.query('ROLLBACK');
      await other.query("SELECT pg_notify('wake_test_commit', 'two')");
      await eventually(() => (heard.length === 2 ? true : undefined));
      expect(heard).toEqual(['one', 'two']);
    } finally {
      await other.end();
    }
  });

  it('shares one connection between every subscriber, LISTENs while a channel has subscribers', async () => {
    const name = 'wake-test-shared';
    const changes = await channel(name);
    const a: string[] = [];
    const b: string[] = [];
    const stopA = changes.subscribe('wake_test_a', (p) => a.push(p ?? 'gap'));
    changes.subscribe('wake_test_b', (p) => b.push(p ?? 'gap'));
    changes.subscribe('wake_test_b', (p) => b.push(`again ${p}`));
    const [{ n }] = await sql<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = $1', [name]);
    expect(n).toBe(1);
    await changes.notify('wake_test_a', 'x');
    await changes.notify('wake_test_b', 'y');
    await eventually(() => (a.length === 1 && b.length === 2 ? true : undefined));
    expect(b.sort()).toEqual(['again y', 'y']);
    stopA();
    await sql("SELECT pg_notify('wake_test_a', 'after unsubscribe')");
    await sql("SELECT pg_notify('wake_test_b', 'z')");
    await eventually(() => (b.length === 4 ? true : undefined));
    expect(a).toEqual(['x']);
  });

  it('refuses channel names that are not identifiers', async () => {
    const changes = await channel();
    expect(() => changes.subscribe('bad; DROP TABLE x', () => undefined)).toThrow('invalid channel name');
    await expect(changes.notify('Bad-Name')).rejects.toThrow('invalid channel name');
  });

  it('reconnects after the connection is killed and tells every subscriber once that notices may have been lost', async () => {
    const name = 'wake-test-reconnect';
    const changes = await channel(name);
    const heard: Array<string | null> = [];
    changes.subscribe('wake_test_reconnect', (p) => heard.push(p));
    changes.subscribe('wake_test_other', (p) => heard.push(p === null ? 'other gap' : p));
    await sql('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1', [name]);
    await eventually(() => (heard.length === 2 ? true : undefined));
    expect(heard.sort()).toEqual(['other gap', null].sort());
    expect(changes.connected).toBe(true);
    await sql("SELECT pg_notify('wake_test_reconnect', 'after')");
    await eventually(() => (heard.includes('after') ? true : undefined));
    expect(log.warn).toHaveBeenCalledWith(expect.anything(), 'notification connection lost; reconnecting');
  });

  it('delivers its own notices only to this process while the connection is down', async () => {
    const name = 'wake-test-down';
    const changes = await channel(name);
    const heard: Array<string | null> = [];
    changes.subscribe('wake_test_down', (p) => heard.push(p));
    await sql('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1', [name]);
    await eventually(() => (changes.connected ? undefined : true));
    await changes.notify('wake_test_down', 'local');
    expect(heard).toContain('local');
  });
});

describe('the queue tables announce their inserts (migration wake_triggers)', () => {
  it('an insert into audit.intake is one notice per transaction on its change channel, after commit', async () => {
    const changes = await channel();
    const heard: Array<string | null> = [];
    changes.subscribe(CHANGE_CHANNELS.auditIntake, (p) => heard.push(p));
    await sql(`
      INSERT INTO audit.intake (event_id, tenant_id, occurred_at, actor_kind, actor_id, actor_roles, action, category, resource_type, resource_id, outcome, request_id, ip, user_agent, details)
      SELECT gen_random_uuid(), gen_random_uuid(), now(), 'service_token', 'wake-test', '{}', 'syntheticChange', 'CHANGE', 'Synthetic', 'r-' || g, 'SUCCESS', 'req-' || g, '127.0.0.1', 'test', '{}'::jsonb
        FROM generate_series(1, 50) AS g`);
    await eventually(() => (heard.length ? true : undefined));
    await pause(200);
    expect(heard).toEqual(['']);
  });

  it('a leased job wakes the sweeps when inserted and when released, not while its runner renews or moves it', async () => {
    const changes = await channel();
    let notices = 0;
    changes.subscribe(CHANGE_CHANNELS.provisioningJobs, () => notices++);
    const [{ id }] = await sql<{ id: string }>(`
      INSERT INTO tenant.provisioning_jobs (id, tenant_id, operation, status, locked_by, locked_until, updated_at)
      VALUES (gen_random_uuid(), gen_random_uuid(), 'PROVISION', 'PENDING', 'runner-x', now() + interval '10 seconds', now()) RETURNING id::text AS id`);
    await eventually(() => (notices === 1 ? true : undefined));
    await sql("UPDATE tenant.provisioning_jobs SET locked_until = now() + interval '10 seconds' WHERE id = $1", [id]);
    await sql("UPDATE tenant.provisioning_jobs SET status = 'IN_PROGRESS' WHERE id = $1 AND locked_by = 'runner-x'", [id]);
    await pause(300);
    expect(notices).toBe(1);
    await sql('UPDATE tenant.provisioning_jobs SET locked_by = NULL, locked_until = NULL WHERE id = $1', [id]);
    await eventually(() => (notices === 2 ? true : undefined));
  });

  it('wakes a PollingLoop at once, which otherwise polls only at its interval', async () => {
    const changes = await channel();
    let rounds = 0;
    const loop = new PollingLoop(async () => rounds++, 3_600_000, log, 'test failed', { wake: { channel: changes, on: CHANGE_CHANNELS.complianceReports } });
    loop.start();
    try {
      await eventually(() => (rounds === 1 ? true : undefined));
      await pause(300);
      expect(rounds).toBe(1);
      const started = Date.now();
      await sql(`INSERT INTO audit.compliance_reports (id, tenant_id, type, title, period_start, period_end, requested_by)
                 VALUES (gen_random_uuid(), gen_random_uuid(), 'ACCESS', 'wake test', now() - interval '1 day', now(), 'wake-test')`);
      await eventually(() => (rounds === 2 ? true : undefined));
      expect(Date.now() - started).toBeLessThan(3_000);
    } finally {
      await loop.stop();
    }
  });
});
