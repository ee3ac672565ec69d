import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createDatabase, dropDatabase } from './admin';
import { startEmbeddedPostgres } from './embedded';
import { runMigrations } from './migrate';

/** A throw-away, migrated database for tests against a real PostgreSQL. */
export interface TestDatabase {
  url: string;
  /** A temporary directory of the test's own. */
  dir: string;
  /** Drops the database and removes `dir` (an embedded server stays up for the worker's next test file). */
  close(): Promise<void>;
}

export interface TestDatabaseOptions {
  /** Apply the platform's migrations (default true); false gives an empty database. */
  migrate?: boolean;
}

/**
 * A fresh database named `<prefix>_<random>`, every migration applied (unless `migrate:
 * false`): on TEST_DATABASE_SERVER_URL (CI's server) when set, else on an embedded
 * PostgreSQL shared by the test files of one jest worker (testDatabaseServer).
 */
export async function openTestDatabase(prefix: string, options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const server = await testDatabaseServer();
  const dir = mkdtempSync(join(tmpdir(), `dataplat-${prefix}-`));
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  let created = false;
  const close = async () => {
    if (created) await dropDatabase(server, name);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const url = await createDatabase(server, name);
    created = true;
    if (options.migrate !== false) await runMigrations(url);
    return { url, dir, close };
  } catch (e) {
    await close().catch(() => undefined);
    throw e;
  }
}

let workerServer: Promise<string> | undefined;

/**
 * A PostgreSQL server tests may create databases on: TEST_DATABASE_SERVER_URL, else an
 * embedded server of this process (the jest worker). The first test file of a worker starts
 * it under the temporary directory (`dataplat-test-pg-<pid>`) and records its URL there;
 * later files of the worker find it and reuse it. The server outlives the test file without
 * holding this process open (an in-band jest run still exits); a detached watchdog stops it
 * and removes its directory once this process has exited, however it ended.
 */
export function testDatabaseServer(): Promise<string> {
  if (process.env.TEST_DATABASE_SERVER_URL) return Promise.resolve(process.env.TEST_DATABASE_SERVER_URL);
  workerServer ??= embeddedWorkerServer().catch((e) => {
    workerServer = undefined;
    throw e;
  });
  return workerServer;
}

async function embeddedWorkerServer(): Promise<string> {
  const dir = join(tmpdir(), `dataplat-test-pg-${process.pid}`);
  const state = join(dir, 'server.json');
  if (existsSync(state)) {
    const { url } = JSON.parse(readFileSync(state, 'utf8')) as { url: string };
    if (await answers(url)) return url;
  }
  mkdirSync(dir, { recursive: true });
  const embedded = await startEmbeddedPostgres(join(dir, 'data'));
  embedded.unref();
  watchOwner(process.pid, dir, embedded.dataDir);
  writeFileSync(state, JSON.stringify({ url: embedded.url }));
  return embedded.url;
}

async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Waits, as a detached process, until `owner` has exited; then stops the PostgreSQL of
 * `dataDir` (fast shutdown, SIGINT) and, once it is gone, removes `dir` and `dataDir`. Only a
 * process that is PostgreSQL is signalled (a stale pid file's pid may have been reused).
 */
const WATCHDOG = `
const { readFileSync, rmSync } = require('node:fs');
const [owner, dir, dataDir] = process.argv.slice(1);
const alive = (pid) => { try { process.kill(pid, 0); return true; } catch (e) { return e.code === 'EPERM'; } };
const isPostgres = (pid) => { try { return /(^|\\/)postgres$/.test(readFileSync('/proc/' + pid + '/cmdline', 'utf8').split('\\0')[0]); } catch { return false; } };
const postmaster = () => { try { return Number(readFileSync(dataDir + '/postmaster.pid', 'utf8').split('\\n')[0]) || 0; } catch { return 0; } };
let signalled = false;
setInterval(() => {
  if (alive(Number(owner))) return;
  const pid = postmaster();
  if (pid && alive(pid) && isPostgres(pid)) {
    if (!signalled) { signalled = true; process.kill(pid, 'SIGINT'); }
    return;
  }
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(dir, { recursive: true, force: true });
  process.exit(0);
}, 500);
`;

function watchOwner(owner: number, dir: string, dataDir: string): void {
  spawn(process.execPath, ['-e', WATCHDOG, String(owner), dir, dataDir], { detached: true, stdio: 'ignore' }).unref();
}
