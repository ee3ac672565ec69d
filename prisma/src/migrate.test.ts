import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { MigrationError, readMigrations, runMigrations } from './migrate';
import { openTestDatabase, type TestDatabase } from './test-database';

jest.setTimeout(60_000);

let tmp: string;
const databases: TestDatabase[] = [];

beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), 'dataplat-migrate-'));
});

afterAll(async () => {
  for (const database of databases) await database.close().catch(() => undefined);
  rmSync(tmp, { recursive: true, force: true });
});

/** A throw-away empty database (no migrations: the tests apply their own). */
async function freshDatabase(): Promise<string> {
  const database = await openTestDatabase('migrate_test', { migrate: false });
  databases.push(database);
  return database.url;
}

/** Writes <dir>/<name>/migration.sql for each entry and returns the folder. */
function migrationsDir(files: Record<string, string>, dir = join(tmp, `m-${randomBytes(4).toString('hex')}`)): string {
  for (const [name, sql] of Object.entries(files)) {
    mkdirSync(join(dir, name), { recursive: true });
    writeFileSync(join(dir, name, 'migration.sql'), sql);
  }
  return dir;
}

async function query<T extends pg.QueryResultRow>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

const recorded = (url: string) => query<{ name: string; checksum: string }>(url, 'SELECT name, checksum FROM public._migrations ORDER BY name');

async function migrationError(promise: Promise<unknown>): Promise<MigrationError> {
  try {
    await promise;
  } catch (e) {
    expect(e).toBeInstanceOf(MigrationError);
    return e as MigrationError;
  }
  throw new Error('expected a MigrationError');
}

const BASE = {
  '20260101000000_create_items': 'CREATE TABLE items (id int PRIMARY KEY, label text NOT NULL);',
  '20260102000000_seed_items': "INSERT INTO items VALUES (1, 'one'), (2, 'two');",
  '20260103000000_add_note': 'ALTER TABLE items ADD COLUMN note text;',
};

describe('readMigrations', () => {
  it('reads migration folders in name order with a sha256 checksum, skipping others', () => {
    const dir = migrationsDir({ '2_b': 'SELECT 2;', '1_a': 'SELECT 1;', '.snapshot': 'SELECT 0;' });
    mkdirSync(join(dir, '3_empty'));
    writeFileSync(join(dir, 'README.md'), 'not a migration');
    const found = readMigrations(dir);
    expect(found.map((m) => m.name)).toEqual(['1_a', '2_b']);
    // sha256("SELECT 1;")
    expect(found[0].checksum).toBe(createHash('sha256').update('SELECT 1;').digest('hex'));
    expect(found[0].checksum).toMatch(/^[0-9a-f]{64}$/);
  });

  it('ignores line endings in the checksum', () => {
    const lf = readMigrations(migrationsDir({ a: 'SELECT 1;\nSELECT 2;\n' }))[0];
    const crlf = readMigrations(migrationsDir({ a: 'SELECT 1;\r\nSELECT 2;\r\n' }))[0];
    expect(crlf.checksum).toBe(lf.checksum);
    expect(crlf.sql).toBe(lf.sql);
  });

  it('reads several folders (the platform and subgraphs) in one name order, refusing a name found twice', () => {
    const platform = migrationsDir({ '20260101000000_init': 'SELECT 1;', '20260103000000_more': 'SELECT 3;' });
    const subgraph = migrationsDir({ '20260102000000_billing': 'SELECT 2;' });
    expect(readMigrations([platform, subgraph]).map((m) => m.name)).toEqual(['20260101000000_init', '20260102000000_billing', '20260103000000_more']);
    const twice = migrationsDir({ '20260101000000_init': 'SELECT 1;' });
    expect(() => readMigrations([platform, twice])).toThrow(`Migration 20260101000000_init is in both ${platform} and ${twice}`);
  });
});

describe('runMigrations', () => {
  it('applies migrations in order and records their checksums', async () => {
    const url = await freshDatabase();
    const migrations = readMigrations(migrationsDir(BASE));
    const report = await runMigrations(url, migrations);
    expect(report).toEqual({ applied: Object.keys(BASE), alreadyApplied: 0 });
    expect(await recorded(url)).toEqual(migrations.map((m) => ({ name: m.name, checksum: m.checksum })));
    expect(await query(url, 'SELECT id, label, note FROM items ORDER BY id')).toEqual([
      { id: 1, label: 'one', note: null },
      { id: 2, label: 'two', note: null },
    ]);
  });

  it('applies nothing the second time, and only what is new later', async () => {
    const url = await freshDatabase();
    const dir = migrationsDir(BASE);
    await runMigrations(url, readMigrations(dir));
    expect(await runMigrations(url, readMigrations(dir))).toEqual({ applied: [], alreadyApplied: 3 });
    migrationsDir({ '20260104000000_more': "INSERT INTO items VALUES (3, 'three');" }, dir);
    expect(await runMigrations(url, readMigrations(dir))).toEqual({ applied: ['20260104000000_more'], alreadyApplied: 3 });
    expect(await query(url, 'SELECT count(*)::int AS n FROM items')).toEqual([{ n: 3 }]);
  });

  it('refuses an applied migration that was edited since', async () => {
    const url = await freshDatabase();
    const dir = migrationsDir(BASE);
    await runMigrations(url, readMigrations(dir));
    migrationsDir({ '20260102000000_seed_items': "INSERT INTO items VALUES (1, 'uno');", '20260105000000_next': 'CREATE TABLE next (id int);' }, dir);
    const e = await migrationError(runMigrations(url, readMigrations(dir)));
    expect(e.message).toBe('Migration 20260102000000_seed_items was edited after it was applied (checksum mismatch); add a new migration instead');
    expect(await query(url, "SELECT to_regclass('public.next') AS t")).toEqual([{ t: null }]);
  });

  it('refuses a database holding a migration this build does not know', async () => {
    const url = await freshDatabase();
    await runMigrations(url, readMigrations(migrationsDir(BASE)));
    const older = readMigrations(migrationsDir({ '20260101000000_create_items': BASE['20260101000000_create_items'] }));
    const e = await migrationError(runMigrations(url, older));
    expect(e.message).toContain('The database has migrations this build does not know: 20260102000000_seed_items, 20260103000000_add_note');
  });

  it('rolls a failing migration back entirely and does not record it', async () => {
    const url = await freshDatabase();
    const dir = migrationsDir({
      '1_ok': 'CREATE TABLE kept (id int);',
      '2_fails': "CREATE TABLE half (id int);\nINSERT INTO kept VALUES (42);\nSELECT 1 / 0;",
      '3_after': 'CREATE TABLE after (id int);',
    });
    const e = await migrationError(runMigrations(url, readMigrations(dir)));
    expect(e.message).toMatch(/^Migration 2_fails failed and was rolled back: division by zero/);
    expect((await recorded(url)).map((r) => r.name)).toEqual(['1_ok']);
    expect(await query(url, "SELECT to_regclass('public.half') AS half, to_regclass('public.after') AS after")).toEqual([{ half: null, after: null }]);
    expect(await query(url, 'SELECT count(*)::int AS n FROM kept')).toEqual([{ n: 0 }]);

    migrationsDir({ '2_fails': 'CREATE TABLE half (id int);' }, dir);
    expect((await runMigrations(url, readMigrations(dir))).applied).toEqual(['2_fails', '3_after']);
  });

  it('applies each migration exactly once when two starters run concurrently', async () => {
    const url = await freshDatabase();
    const migrations = readMigrations(migrationsDir({
      '1_table': 'CREATE TABLE hits (migration text NOT NULL);',
      '2_slow': "INSERT INTO hits VALUES ('2_slow'); SELECT pg_sleep(0.3);",
      '3_last': "INSERT INTO hits VALUES ('3_last');",
    }));
    const [a, b] = await Promise.all([runMigrations(url, migrations), runMigrations(url, migrations)]);
    expect([...a.applied, ...b.applied].sort()).toEqual(['1_table', '2_slow', '3_last']);
    const [first, second] = a.applied.length ? [a, b] : [b, a];
    expect(first).toEqual({ applied: ['1_table', '2_slow', '3_last'], alreadyApplied: 0 });
    expect(second).toEqual({ applied: [], alreadyApplied: 3 });
    expect(await query(url, 'SELECT migration, count(*)::int AS n FROM hits GROUP BY migration ORDER BY migration')).toEqual([
      { migration: '2_slow', n: 1 },
      { migration: '3_last', n: 1 },
    ]);
  });

  it("applies the project's own migrations cleanly to an empty database", async () => {
    const url = await freshDatabase();
    const own = readMigrations();
    expect(own.length).toBeGreaterThan(0);
    expect((await runMigrations(url)).applied).toEqual(own.map((m) => m.name));
    const tables = await query<{ t: string }>(url, "SELECT table_schema || '.' || table_name AS t FROM information_schema.tables WHERE table_schema IN ('identity', 'platform')");
    expect(tables.map((r) => r.t)).toEqual(expect.arrayContaining(['identity.users', 'identity.roles']));
    expect(await runMigrations(url)).toEqual({ applied: [], alreadyApplied: own.length });
  });
});
