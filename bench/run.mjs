#!/usr/bin/env node
// npm run bench: the platform's request path measured side by side (see docs/performance.md).
// BENCH_DURATION (seconds per scenario, default 10), BENCH_CONNECTIONS (default 16),
// BENCH_PROFILE=1 writes a --cpu-prof profile of the platform process to bench/results/.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { drive } from './lib/load.mjs';
import { composeSupergraph, ensureHive, startHive } from './lib/hive.mjs';
import { bootPlatform } from './lib/platform.mjs';
import { cpuSeconds, descendantsOf, groupCpuSeconds, memory, pidsMatching } from './lib/proc.mjs';
import { PASSWORD, seed } from './lib/seed.mjs';

const require = createRequire(import.meta.url);
const { PrincipalCodec } = require('../packages/kit/dist/index.js');

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const RESULTS = resolve(import.meta.dirname, 'results');
mkdirSync(RESULTS, { recursive: true });

// The GraphQL twins send exactly the facade's operations, so all paths do the same work.
const operation = (file) => readFileSync(resolve(import.meta.dirname, '..', 'rest-facade', 'operations', 'identity', 'users', file), 'utf8');
const ME = { query: operation('me.graphql') };
const USERS_PAGE = { query: operation('users.graphql'), variables: { page: 3, size: 20 } };
const ME_WITH_TENANT = { query: readFileSync(resolve(import.meta.dirname, 'operations', 'me-with-tenant.graphql'), 'utf8') };

const platform = await bootPlatform({ cpuProfileDir: process.env.BENCH_PROFILE ? RESULTS : undefined });
let stopPeer = async () => {};
try {
  process.stdout.write('seeding... ');
  const tenants = await seed(platform.databaseUrl);
  const tenant = tenants[0];
  const login = async (email) => {
    const res = await fetch(`${platform.baseUrl}/api/v1/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: PASSWORD }) });
    if (res.status !== 200) throw new Error(`login ${email}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  const admin = await login(tenant.adminEmail);
  const bearer = { authorization: `Bearer ${admin.accessToken}` };
  // Direct subgraph calls carry the principal the gateway would forward, signed the same way.
  const codec = await PrincipalCodec.create(platform.env.JWT_SECRET);
  const principal = { kind: 'access_token', subject: admin.user.id, tenantId: tenant.tenantId, homeTenantId: tenant.tenantId, roles: admin.user.roles, scopes: [] };
  // Signed principals live 5 minutes: each scenario gets a fresh one (see withFreshPrincipal).
  const direct = { 'x-dataplat-principal': '' };
  const freshPrincipal = async () => (direct['x-dataplat-principal'] = await codec.sign(principal, `bench-${Date.now()}`));
  const apiKey = await createApiKey(platform.baseUrl, bearer);
  console.log(`${tenants.length} tenants x 2000 users; api key: ${apiKey ? 'yes' : 'not available'}`);
  // Reference peer (scenario 2 only): the same supergraph behind GraphQL Hive Gateway, which
  // forwards the signed principal the benchmark sends (it does no authentication of its own).
  const skipped = [];
  let hive = null;
  if (!process.env.BENCH_ONLY || process.env.BENCH_ONLY.includes('2-hive-me')) {
    const missing = ensureHive();
    if (missing) skipped.push({ id: '2-hive-me', reason: missing });
    // Identity and tenant: the subgraphs of the operations the peer serves (as before the registry).
    else hive = await startHive(await composeSupergraph(platform.subgraphs.filter((s) => ['identity', 'tenant'].includes(s.name))), platform.dataDir);
    stopPeer = () => hive?.stop();
  }

  const scenarios = [
    { id: '1-direct-me', name: '1 direct subgraph { me }', url: platform.subgraphUrl, method: 'POST', headers: direct, body: ME },
    { id: '2-gateway-me', name: '2 gateway /graphql { me }', url: `${platform.baseUrl}/graphql`, method: 'POST', headers: bearer, body: ME },
    ...(hive ? [{ id: '2-hive-me', name: '2 peer: Hive Gateway { me }', url: hive.url, method: 'POST', headers: direct, body: ME, peerPid: hive.pid }] : []),
    { id: '3-facade-me', name: '3 facade GET /users/me', url: `${platform.baseUrl}/api/v1/users/me`, headers: bearer },
    { id: '4-direct-list', name: '4 direct subgraph users page 3', url: platform.subgraphUrl, method: 'POST', headers: direct, body: USERS_PAGE },
    { id: '4-gateway-list', name: '4 gateway users page 3', url: `${platform.baseUrl}/graphql`, method: 'POST', headers: bearer, body: USERS_PAGE },
    { id: '4-facade-list', name: '4 facade GET /users?page=3&size=20', url: `${platform.baseUrl}/api/v1/users?page=3&size=20`, headers: bearer },
    { id: '6-cross-subgraph', name: '6 gateway { me { tenant } } (2 subgraphs)', url: `${platform.baseUrl}/graphql`, method: 'POST', headers: bearer, body: ME_WITH_TENANT },
    { id: '5-login', name: '5 login (argon2-bound)', url: `${platform.baseUrl}/api/v1/auth/login`, method: 'POST', body: { email: tenant.userEmail, password: PASSWORD } },
    ...(apiKey ? [{ id: '7-apikey-me', name: '7 facade /users/me with X-API-Key', url: `${platform.baseUrl}/api/v1/users/me`, headers: { 'x-api-key': apiKey } }] : []),
  ];
  // BENCH_ONLY=3-facade-me,2-gateway-me runs just those scenarios (e.g. for a focused profile).
  const only = process.env.BENCH_ONLY?.split(',');
  if (only) scenarios.splice(0, scenarios.length, ...scenarios.filter((s) => only.includes(s.id)));

  // GraphQL answers errors with 200: check once that the cross-subgraph query really resolves both parts.
  const cross = await fetch(`${platform.baseUrl}/graphql`, { method: 'POST', headers: { ...bearer, 'content-type': 'application/json' }, body: JSON.stringify(ME_WITH_TENANT) }).then((r) => r.json());
  if (!cross.data?.me?.tenant?.slug) throw new Error(`scenario 6 does not resolve: ${JSON.stringify(cross)}`);

  // Warm-up: JIT, connection pools, query plans.
  await freshPrincipal();
  for (const s of scenarios) await drive({ ...s, connections: CONNECTIONS, durationSeconds: 2 });

  // The postmaster is found by its data directory, its backends as its children.
  const postmaster = pidsMatching(join(platform.dataDir, 'postgres')).find((pid) => /postgres$/.test(readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')[0]));
  const postgres = () => (postmaster ? descendantsOf(postmaster) : []);
  const results = [];
  for (const s of scenarios) {
    await freshPrincipal();
    const pgBefore = postgres();
    const before = { node: cpuSeconds(platform.pid), pg: groupCpuSeconds(pgBefore), peer: s.peerPid ? cpuSeconds(s.peerPid) : 0 };
    let peakRss = 0;
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, memory(platform.pid).rssMiB)), 200);
    const r = await drive({ ...s, connections: CONNECTIONS, durationSeconds: DURATION });
    clearInterval(sampler);
    const pgPids = [...new Set([...pgBefore, ...postgres()])];
    const cpu = { node: cpuSeconds(platform.pid) - before.node, pg: groupCpuSeconds(pgPids) - before.pg, peer: s.peerPid ? cpuSeconds(s.peerPid) - before.peer : 0 };
    const per1000 = (v) => (r.requests ? (v / r.requests) * 1000 : 0);
    results.push({
      id: s.id,
      name: s.name,
      ...r,
      cpuSecondsPer1000: { platform: per1000(cpu.node), postgres: per1000(Math.max(0, cpu.pg)), ...(s.peerPid ? { peer: per1000(cpu.peer) } : {}) },
      peakRssMiB: { platform: Math.round(peakRss) },
    });
    console.log(`  ${s.name.padEnd(40)} ${r.rps.toFixed(0).padStart(7)} req/s  p50 ${r.p50.toFixed(2)} ms`);
  }

  const byId = Object.fromEntries(results.map((r) => [r.id, r]));
  const ratio = (a, b) => (!byId[a] || !byId[b] ? null : { throughput: byId[a].rps / byId[b].rps, p50: byId[a].p50 / byId[b].p50, addedP50Ms: byId[a].p50 - byId[b].p50, addedP99Ms: byId[a].p99 - byId[b].p99 });
  const ratios = {
    gatewayVsDirect: ratio('2-gateway-me', '1-direct-me'),
    crossSubgraphVsGateway: ratio('6-cross-subgraph', '2-gateway-me'),
    hivePeerVsDirect: ratio('2-hive-me', '1-direct-me'),
    facadeVsDirect: ratio('3-facade-me', '1-direct-me'),
    listGatewayVsDirect: ratio('4-gateway-list', '4-direct-list'),
    listFacadeVsDirect: ratio('4-facade-list', '4-direct-list'),
  };
  const root = await fetch(`${platform.baseUrl}/api/v1/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: platform.env.PLATFORM_ADMIN_EMAIL, password: platform.env.PLATFORM_ADMIN_PASSWORD }) }).then((r) => r.json());
  const planCache = await fetch(`${platform.baseUrl}/internal/metrics`, { headers: { authorization: `Bearer ${root.accessToken}` } }).then((r) => (r.ok ? r.json() : null));
  printTable(results, ratios);
  const report = {
    date: new Date().toISOString(),
    machine: { cpus: (await import('node:os')).cpus().length, node: process.version },
    settings: { durationSeconds: DURATION, connections: CONNECTIONS, tenants: tenants.length, usersPerTenant: 2000 },
    scenarios: results,
    skipped,
    ratios,
    platform: { peakRssMiB: Math.round(memory(platform.pid).peakMiB), metrics: planCache },
  };
  const file = join(RESULTS, `${report.date.slice(0, 19).replace(/[:T]/g, '-')}.json`);
  writeFileSync(file, JSON.stringify(report, null, 2));
  console.log(`\nwritten ${file}`);
} finally {
  await stopPeer();
  await platform.stop();
}

async function createApiKey(baseUrl, headers) {
  const res = await fetch(`${baseUrl}/api/v1/api-keys`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'bench', description: 'benchmark key', scopes: ['profile:read', 'users:read'], expirationDays: 1, ipWhitelist: [], rateLimit: 100000 }),
  });
  return res.status === 201 ? (await res.json()).apiKey : null;
}

function printTable(results, ratios) {
  const rows = results.map((r) => [
    r.name,
    r.rps.toFixed(0),
    r.p50.toFixed(2),
    r.p95.toFixed(2),
    r.p99.toFixed(2),
    String(r.errors),
    r.cpuSecondsPer1000.platform.toFixed(3),
    r.cpuSecondsPer1000.postgres.toFixed(3),
    r.cpuSecondsPer1000.peer === undefined ? '-' : r.cpuSecondsPer1000.peer.toFixed(3),
    String(r.peakRssMiB.platform),
  ]);
  const head = ['scenario', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'errors', 'cpu-s/1k node', 'cpu-s/1k pg', 'cpu-s/1k peer', 'rss MiB'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log(`\n${line(head)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const r of rows) console.log(line(r));
  console.log('');
  for (const [name, r] of Object.entries(ratios).filter(([, r]) => r)) {
    console.log(`${name.padEnd(22)} throughput x${r.throughput.toFixed(2)}  p50 x${r.p50.toFixed(2)}  added p50 ${r.addedP50Ms.toFixed(2)} ms  added p99 ${r.addedP99Ms.toFixed(2)} ms`);
  }
}
