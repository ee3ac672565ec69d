// The reference peer of scenario 2: the same supergraph served by GraphQL Hive Gateway
// (@graphql-hive/gateway), installed on demand into bench/peers/hive (never by npm install).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { freePort } from './platform.mjs';

const PEER = resolve(import.meta.dirname, '..', 'peers', 'hive');
const BIN = join(PEER, 'node_modules', '@graphql-hive', 'gateway', 'dist', 'bin.js');
const require = createRequire(import.meta.url);

/** Installs the peer if needed; returns null, or the reason it cannot run. */
export function ensureHive() {
  if (existsSync(BIN)) return null;
  process.stdout.write('installing the Hive Gateway peer (bench/peers/hive)... ');
  const r = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: PEER, encoding: 'utf8' });
  console.log(r.status === 0 ? 'done' : 'failed');
  return r.status === 0 && existsSync(BIN) ? null : `npm install failed: ${(r.stderr || '').trim().split('\n').slice(-2).join(' ')}`;
}

/** Composes the running subgraphs' SDL into a supergraph, as @apollo/gateway does at start. */
export async function composeSupergraph(subgraphs) {
  const { composeServices } = require('@apollo/composition');
  const { parse } = require('graphql');
  const services = [];
  for (const { name, url } of subgraphs) {
    const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: '{ _service { sdl } }' }) });
    services.push({ name, url, typeDefs: parse((await res.json()).data._service.sdl) });
  }
  const result = composeServices(services);
  if (result.errors?.length) throw new Error(`composition failed: ${result.errors.map((e) => e.message).join('; ')}`);
  return result.supergraphSdl;
}

export async function startHive(supergraphSdl, dir) {
  const file = join(dir, 'supergraph.graphql');
  writeFileSync(file, supergraphSdl);
  const port = await freePort();
  const child = spawn(process.execPath, [BIN, 'supergraph', file, '--port', String(port), '--host', '127.0.0.1'], {
    cwd: PEER,
    env: { PATH: process.env.PATH, NODE_ENV: 'production' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}/graphql`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`hive-gateway exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readiness`)).status === 200) break;
    } catch {
      // starting
    }
    if (Date.now() > deadline) throw new Error('hive-gateway did not become ready');
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    pid: child.pid,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
