// Boots the built platform for benchmarking: production settings, embedded PostgreSQL on a
// known port (so seeding can use SQL), the subgraphs on known ports (direct calls, the peer).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..', '..');
// The launcher's registry of subgraphs (built): every one gets a known port.
const require = createRequire(import.meta.url);
const { SUBGRAPHS } = require(join(ROOT, 'packages', 'launcher', 'dist', 'registry.js'));
const { portVariable } = require('@dataplat/kit');

export function freePort() {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.on('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => ok(port));
    });
  });
}

export async function bootPlatform({ cpuProfileDir } = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'dataplat-bench-'));
  const [port, pgPort] = [await freePort(), await freePort()];
  const subgraphs = [];
  for (const { name } of SUBGRAPHS) subgraphs.push({ name, port: await freePort() });
  const env = {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: String(port),
    ...Object.fromEntries(subgraphs.map((s) => [portVariable(s.name), String(s.port)])),
    EMBEDDED_PG_PORT: String(pgPort),
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString('hex'),
    PLATFORM_ADMIN_EMAIL: 'root@bench.test',
    PLATFORM_ADMIN_PASSWORD: 'bench-root-password',
    // The benchmark measures the request path, not the limiter's refusals.
    RATE_LIMIT_PER_MINUTE: '1000000000',
    // BENCH_TRANSPORT=http: the gateway reaches the subgraphs over loopback HTTP, as in the distributed mode.
    SUBGRAPH_TRANSPORT: process.env.BENCH_TRANSPORT ?? 'in-process',
  };
  const args = cpuProfileDir ? [`--cpu-prof`, `--cpu-prof-dir=${cpuProfileDir}`] : [];
  const child = spawn(process.execPath, [...args, join(ROOT, 'packages', 'launcher', 'dist', 'main.js')], { env, stdio: ['ignore', 'inherit', 'inherit'] });
  const baseUrl = `http://127.0.0.1:${port}`;
  const urlOf = (name) => `http://127.0.0.1:${subgraphs.find((s) => s.name === name).port}/graphql`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`platform exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/readyz`)).status === 200) break;
    } catch {
      // starting
    }
    if (Date.now() > deadline) throw new Error('platform did not become ready');
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    env,
    pid: child.pid,
    dataDir,
    baseUrl,
    subgraphUrl: urlOf('identity'),
    subgraphs: subgraphs.map((s) => ({ name: s.name, url: urlOf(s.name) })),
    databaseUrl: `postgresql://postgres:postgres@127.0.0.1:${pgPort}/dataplat`,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
