import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { portVariable } from '@dataplat/kit';
import { SUBGRAPHS } from '@dataplat/launcher';
import pg from 'pg';

const LAUNCHER = resolve(__dirname, '..', '..', 'packages', 'launcher', 'dist', 'main.js');

export interface TestPlatform {
  baseUrl: string;
  adminEmail: string;
  adminPassword: string;
  jwtSecret: string;
  jwtIssuer: string;
  dataDir: string;
  /** The platform's database (embedded or on E2E_DATABASE_URL), for tests that inspect tables. */
  databaseUrl: string;
  /** Everything the platform printed (stdout and stderr), for assertions and debugging. */
  output(): string;
  /** Process id of the running launcher (for resource measurements), undefined when stopped. */
  pid(): number | undefined;
  /** Sends a signal and waits for the process to end; returns its exit code. */
  signal(signal: NodeJS.Signals): Promise<number | null>;
  restart(): Promise<void>;
  stop(): Promise<void>;
}

export interface StartOptions {
  env?: Record<string, string>;
}

/**
 * Boots the whole platform as a client would meet it: `node packages/launcher/dist/main.js`
 * on a free port, with a throw-away data directory. The database is the embedded
 * PostgreSQL, or, when E2E_DATABASE_URL names a server (CI), a fresh database on it.
 */
export async function startPlatform(options: StartOptions = {}): Promise<TestPlatform> {
  const dataDir = mkdtempSync(join(tmpdir(), 'dataplat-e2e-'));
  const port = await freePort();
  const server = process.env.E2E_DATABASE_URL;
  const dbName = server ? `e2e_${randomBytes(6).toString('hex')}` : undefined;
  const embeddedPort = server ? 0 : await freePort();
  if (server && dbName) await adminQuery(server, `CREATE DATABASE ${dbName}`);
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? dataDir,
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    // Every subgraph of the registry on a free port (<NAME>_PORT=0): suites run side by side.
    ...Object.fromEntries(SUBGRAPHS.map((s) => [portVariable(s.name), '0'])),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    JWT_SECRET: randomBytes(32).toString('base64url'),
    JWT_ISSUER: 'dataplat-e2e',
    PLATFORM_ADMIN_EMAIL: 'root@e2e.test',
    PLATFORM_ADMIN_PASSWORD: `Adm1n-${randomBytes(9).toString('base64url')}`,
    // The public base URL is the one the tests reach (OAuth issuer, links in e-mails).
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    ...(server && dbName ? { DATABASE_URL: withDatabase(server, dbName) } : { EMBEDDED_PG_PORT: String(embeddedPort) }),
    ...options.env,
  };
  let child: ChildProcess | undefined;
  let log = '';
  const baseUrl = `http://127.0.0.1:${port}`;

  const boot = async () => {
    const proc = spawn(process.execPath, [LAUNCHER], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    child = proc;
    proc.stdout!.on('data', (d) => (log += d));
    proc.stderr!.on('data', (d) => (log += d));
    await waitReady(baseUrl, proc, () => log);
  };
  const halt = async (signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> => {
    const proc = child;
    child = undefined;
    if (!proc || proc.exitCode !== null) return proc?.exitCode ?? null;
    const exited = new Promise<number | null>((r) => proc.once('exit', (code) => r(code)));
    proc.kill(signal);
    const timer = setTimeout(() => proc.kill('SIGKILL'), 20_000);
    const code = await exited;
    clearTimeout(timer);
    return code;
  };

  await boot();
  return {
    baseUrl,
    adminEmail: env.PLATFORM_ADMIN_EMAIL,
    adminPassword: env.PLATFORM_ADMIN_PASSWORD,
    jwtSecret: env.JWT_SECRET,
    jwtIssuer: env.JWT_ISSUER,
    dataDir,
    databaseUrl: server && dbName ? withDatabase(server, dbName) : `postgresql://postgres:postgres@127.0.0.1:${env.EMBEDDED_PG_PORT}/dataplat`,
    output: () => log,
    pid: () => child?.pid,
    signal: halt,
    restart: async () => {
      await halt();
      await boot();
    },
    stop: async () => {
      await halt();
      rmSync(dataDir, { recursive: true, force: true });
      if (server && dbName) await adminQuery(server, `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    },
  };
}

async function waitReady(baseUrl: string, proc: ChildProcess, log: () => string, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (proc.exitCode !== null) throw new Error(`platform exited with ${proc.exitCode} during start:\n${log()}`);
    try {
      const res = await fetch(`${baseUrl}/readyz`);
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  proc.kill('SIGKILL');
  throw new Error(`platform not ready after ${timeoutMs} ms:\n${log()}`);
}

/** Runs the launcher to completion (for start-up failures) and returns exit code and output. */
export function runLauncher(env: Record<string, string>, timeoutMs = 60_000): Promise<{ code: number | null; output: string }> {
  return new Promise((resolvePromise) => {
    const proc = spawn(process.execPath, [LAUNCHER], { env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    proc.stdout.on('data', (d) => (output += d));
    proc.stderr.on('data', (d) => (output += d));
    const timer = setTimeout(() => proc.kill('SIGKILL'), timeoutMs);
    proc.on('exit', (code) => {
      clearTimeout(timer);
      resolvePromise({ code, output });
    });
  });
}

export function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.on('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => ok(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function withDatabase(serverUrl: string, db: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${db}`;
  return url.toString();
}

async function adminQuery(serverUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
