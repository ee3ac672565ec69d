import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { portVariable, urlVariable } from '@dataplat/kit';
import { SUBGRAPHS } from '@dataplat/launcher';
import { ApiClient } from './client';
import { freePort, startPlatform, type TestPlatform } from './platform';

const EDGE = resolve(__dirname, '..', '..', 'packages', 'launcher', 'dist', 'edge-main.js');

/** Redis of the distributed-mode tests (CI: REDIS_URL=redis://127.0.0.1:6379). */
export const redisUrl = process.env.REDIS_URL;

export interface PlatformWithReplicas {
  platform: TestPlatform;
  /** Starts one more edge process (edge-main) on the platform's subgraphs, database and Redis. */
  startReplica(): Promise<{ baseUrl: string; stop(): Promise<void> }>;
}

/**
 * The whole platform (one process, REDIS_URL set) whose subgraphs listen on known ports, so
 * further edge replicas can compose the same subgraphs: two edge instances sharing one
 * database and one Redis, as in the distributed mode.
 */
export async function startPlatformWithReplicas(env: Record<string, string> = {}): Promise<PlatformWithReplicas> {
  // Every subgraph of the registry on a known port: a replica edge needs each one's URL.
  const ports = new Map(await Promise.all(SUBGRAPHS.map(async (s) => [s.name, await freePort()] as const)));
  const shared = { REDIS_URL: redisUrl!, RATE_LIMIT_PER_MINUTE: '100000', ...env };
  const platform = await startPlatform({ env: { ...shared, ...Object.fromEntries([...ports].map(([name, port]) => [portVariable(name), String(port)])) } });
  const startReplica = async () => {
    const port = await freePort();
    const child: ChildProcess = spawn(process.execPath, [EDGE], {
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATABASE_URL: platform.databaseUrl,
        JWT_SECRET: platform.jwtSecret,
        JWT_ISSUER: platform.jwtIssuer,
        PLATFORM_ADMIN_EMAIL: platform.adminEmail,
        PLATFORM_ADMIN_PASSWORD: platform.adminPassword,
        PUBLIC_URL: platform.baseUrl,
        ...shared,
        ...Object.fromEntries([...ports].map(([name, port]) => [urlVariable(name), `http://127.0.0.1:${port}/graphql`])),
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    const baseUrl = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`edge replica exited with ${child.exitCode}`);
      if (Date.now() > deadline) throw new Error('edge replica not ready after 60 s');
      const ready = await fetch(`${baseUrl}/readyz`).then((r) => r.status === 200, () => false);
      if (ready) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    return {
      baseUrl,
      stop: async () => {
        if (child.exitCode !== null) return;
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      },
    };
  };
  return { platform, startReplica };
}

export interface EdgeTestPlatform {
  platform: TestPlatform;
  api: ApiClient;
  /** The bootstrap platform admin's access token. */
  root: string;
  /** A second edge process on the same subgraphs, database and Redis (only with REDIS_URL). */
  replica?: { baseUrl: string; stop(): Promise<void> };
  stop(): Promise<void>;
}

/**
 * The platform for the edge's tests: with REDIS_URL, on Redis and with a second edge replica;
 * without it, alone in memory mode (the two-edge tests then skip).
 */
export async function startEdgeTestPlatform(env: Record<string, string> = {}): Promise<EdgeTestPlatform> {
  let platform: TestPlatform;
  let replica: EdgeTestPlatform['replica'];
  if (redisUrl) {
    const started = await startPlatformWithReplicas(env);
    platform = started.platform;
    replica = await started.startReplica();
  } else {
    platform = await startPlatform({ env: { RATE_LIMIT_PER_MINUTE: '100000', ...env } });
  }
  const api = new ApiClient(platform.baseUrl);
  const root = (await api.login(platform.adminEmail, platform.adminPassword)).accessToken;
  return {
    platform,
    api,
    root,
    replica,
    stop: async () => {
      await replica?.stop();
      await platform.stop();
    },
  };
}
