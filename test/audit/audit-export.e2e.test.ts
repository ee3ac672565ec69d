import { readFileSync } from 'node:fs';
import { insertIntake, waitForChainHead } from '../harness/audit-factories';
import { ApiClient } from '../harness/client';
import { userWithRoles, type Session } from '../harness/identity-factories';
import { startPlatform, type TestPlatform } from '../harness/platform';
import { provisionTenant } from '../harness/tenant-factories';

/** Export of 100 000 events (docs/audit-service.md "Export"): streamed in chunks, memory bounded, complete. */
let platform: TestPlatform;
let api: ApiClient;
let auditor: Session;
let head: number;
const EVENTS = 100_000;

beforeAll(async () => {
  platform = await startPlatform();
  api = new ApiClient(platform.baseUrl);
  const root = (await api.login(platform.adminEmail, platform.adminPassword)).accessToken;
  const tenant = await provisionTenant(api, root);
  // One INSERT ... generate_series into the intake; the chainer appends them to the hash chain.
  await insertIntake(platform.databaseUrl, tenant.id, EVENTS, 1);
  expect(await waitForChainHead(platform.databaseUrl, tenant.id, EVENTS, 60_000)).toBe(EVENTS);
  auditor = await userWithRoles(api, root, tenant.id, ['AUDITOR']);
  // The auditor's creation and login are the tenant's only other events.
  head = await waitForChainHead(platform.databaseUrl, tenant.id, EVENTS + 2);
}, 120_000);
afterAll(() => platform?.stop());

/** Resident set size of the platform process, in bytes (Linux). */
function rss(): number {
  const status = readFileSync(`/proc/${platform.pid()}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) * 1024;
}

/** GETs a download and consumes it chunk by chunk, sampling the platform's RSS meanwhile. */
async function consume(path: string): Promise<{ res: Response; chunks: number; bytes: number; lines: number; peakRssGrowth: number; tail: string; firstChunkMs: number; totalMs: number }> {
  const before = rss();
  let peak = before;
  const series: number[] = [];
  const sampler = setInterval(() => {
    const now = rss();
    peak = Math.max(peak, now);
    series.push(Math.round(now / 1048576));
  }, 50);
  const started = Date.now();
  let firstChunkMs = 0;
  const res = await fetch(`${platform.baseUrl}${path}`, { headers: { authorization: `Bearer ${auditor.token}` } });
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let chunks = 0;
  let bytes = 0;
  let lines = 0;
  let last = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (!chunks++) firstChunkMs = Date.now() - started;
    bytes += value.length;
    const text = decoder.decode(value, { stream: true });
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lines++;
    last = (last + text).slice(-200);
  }
  clearInterval(sampler);
  process.stderr.write(`AUDIT-EXPORT ${path}: ${bytes} bytes, ${chunks} chunks, first chunk after ${firstChunkMs} ms, peak RSS growth ${Math.round((peak - before) / 1048576)} MiB from ${Math.round(before / 1048576)} MiB; ${series.filter((_, i) => i % 20 === 0).join(' ')}\n`);
  return { res, chunks, bytes, lines, peakRssGrowth: peak - before, tail: last, firstChunkMs, totalMs: Date.now() - started };
}

it('chains 100 000 events written in one statement into the intake', () => {
  expect(head).toBe(EVENTS + 2);
});

it('streams 100 000 events as CSV in chunks with bounded memory, complete', async () => {
  const started = Date.now();
  const out = await consume('/api/v1/audit/events/export?format=csv');
  expect(out.res.status).toBe(200);
  expect(out.res.headers.get('transfer-encoding')).toBe('chunked');
  expect(out.res.headers.get('content-length')).toBeNull();
  expect(out.res.headers.get('content-disposition')).toMatch(/attachment; filename="audit-events-.*\.csv"/);
  // Header + one record per event.
  expect(out.lines).toBe(1 + head);
  expect(out.chunks).toBeGreaterThan(50);
  expect(out.bytes).toBeGreaterThan(30 * 1024 * 1024);
  // Streamed: the first bytes arrive long before the last (one page read, not the whole log).
  expect(out.firstChunkMs).toBeLessThan(out.totalMs / 4);
  // Memory follows the garbage collector's sawtooth, not the export size (the events held at
  // once would be several hundred MiB as objects): a generous bound against buffering.
  expect(out.peakRssGrowth).toBeLessThan(400 * 1024 * 1024);
  expect(Date.now() - started).toBeLessThan(60_000);
}, 90_000);

it('streams them as one JSON array, complete', async () => {
  const out = await consume('/api/v1/audit/events/export?format=json&action=syntheticChange');
  expect(out.res.status).toBe(200);
  expect(out.res.headers.get('content-type')).toMatch(/^application\/json/);
  expect(out.lines).toBe(EVENTS + 1); // "[" line, one line per event (the last ends with "\n]")
  expect(out.tail.endsWith('}\n]')).toBe(true);
  expect(out.firstChunkMs).toBeLessThan(out.totalMs / 4);
  expect(out.peakRssGrowth).toBeLessThan(400 * 1024 * 1024);
}, 90_000);

it('verifies the 100 000-event chain intact', async () => {
  const res = await api.get('/api/v1/audit/verify', { token: auditor.token });
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ intact: true, firstBrokenSeq: null });
  expect(res.body.eventsChecked).toBeGreaterThanOrEqual(EVENTS);
}, 60_000);
