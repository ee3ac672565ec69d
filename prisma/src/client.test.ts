import { randomUUID } from 'node:crypto';
import { onCommittedNotice } from '@dataplat/kit';
import pg from 'pg';
import { createPrismaClient, SerialClient } from './client';
import type { PrismaClient } from './generated/client';
import { openTestDatabase, type TestDatabase } from './test-database';

/**
 * One pg connection runs one query at a time. Inside an interactive transaction every query
 * goes over the transaction's one connection, yet callers overlap there: Prisma's query
 * interpreter runs the queries of an `include` in parallel (the SCIM user repository's reads
 * did), and so does application code that awaits several `tx` calls together. pg queues them
 * itself, but that is deprecated ("Calling client.query() when the client is already
 * executing a query", an error in pg 9): createPrismaClient's connections take turns instead.
 */
jest.setTimeout(120_000);

const OVERLAP = /already executing a query/;
/** Queries sent while their connection was still busy with another: pg's condition for the warning, seen on every call (the warning itself is printed once per process). */
let overlapping: string[];
let database: TestDatabase;
let db: PrismaClient;
let warnings: string[];
const onWarning = (w: Error) => warnings.push(w.message);

beforeAll(async () => {
  database = await openTestDatabase('cli');
  db = createPrismaClient(database.url);
  process.on('warning', onWarning);
  const query = pg.Client.prototype.query;
  jest.spyOn(pg.Client.prototype, 'query').mockImplementation(function (this: pg.Client & { _activeQuery?: unknown; _queryQueue?: unknown[] }, ...args: unknown[]) {
    if (this._activeQuery || this._queryQueue?.length) overlapping.push(String((args[0] as { text?: string }).text ?? args[0]).slice(0, 120));
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as never);
});

beforeEach(() => {
  warnings = [];
  overlapping = [];
});

const expectOneQueryAtATime = () => {
  expect(overlapping).toEqual([]);
  expect(warnings.filter((w) => OVERLAP.test(w))).toEqual([]);
};

afterAll(async () => {
  process.off('warning', onWarning);
  await db?.$disconnect();
  await database?.close();
});

/** Lets process 'warning' events (emitted on the next tick) arrive. */
const settle = () => new Promise((r) => setImmediate(r));

describe('createPrismaClient: one query at a time per connection', () => {
  it('runs the parallel queries of an include inside an interactive transaction one after the other', async () => {
    const tenantId = randomUUID();
    const id = randomUUID();
    const user = await db.$transaction(async (tx) => {
      await tx.user.create({ data: { tenantId, id, email: `serial-${id}@unit.test`, firstName: 'S', lastName: 'Q', passwordHash: 'x' } });
      return tx.user.findUniqueOrThrow({ where: { tenantId_id: { tenantId, id } }, include: { scimProfile: true, scimEmails: true, scimGroups: true } });
    });
    await settle();
    expect(user).toMatchObject({ id, scimProfile: null, scimEmails: [], scimGroups: [] });
    expectOneQueryAtATime();
  });

  it('SerialClient: concurrent callers of one connection take turns, each with its own answer, a failure only its own', async () => {
    const client = new SerialClient({ connectionString: database.url });
    await client.connect();
    try {
      const results = await Promise.allSettled([
        ...Array.from({ length: 5 }, (_, i) => client.query('SELECT $1::int AS n, pg_sleep(0.01)::text AS s', [i])),
        client.query('SELECT * FROM no_such_table'),
        client.query({ text: 'SELECT $1::int AS n', values: [9], rowMode: 'array' }),
      ]);
      expect(results.map((r) => (r.status === 'fulfilled' ? r.value.rows[0] : 'failed'))).toEqual([...[0, 1, 2, 3, 4].map((n) => ({ n, s: '' })), 'failed', [9]]);
      expectOneQueryAtATime();
    } finally {
      await client.end();
    }
  });
});

describe('notices this process commits', () => {
  const CHANNEL = 'dataplat_unit_committed';
  let heard: Array<[string, string]>;
  let stop: () => void;
  beforeEach(() => {
    heard = [];
    stop = onCommittedNotice((channel, payload) => channel === CHANNEL && heard.push([channel, payload]));
  });
  afterEach(() => stop());

  it('are announced in this process at commit, in order, and not before', async () => {
    await db.$transaction(async (tx) => {
      await tx.$executeRaw`SELECT pg_notify(${CHANNEL}, ${'a'})`;
      await tx.$executeRaw`SELECT pg_notify(${CHANNEL}, '*')`;
      expect(heard).toEqual([]);
    });
    expect(heard).toEqual([
      [CHANNEL, 'a'],
      [CHANNEL, '*'],
    ]);
  });

  it('are forgotten when the transaction rolls back, and announced at once outside one', async () => {
    await expect(
      db.$transaction(async (tx) => {
        await tx.$executeRaw`SELECT pg_notify(${CHANNEL}, ${'lost'})`;
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(heard).toEqual([]);
    await db.$executeRaw`SELECT pg_notify(${CHANNEL}, ${'now'})`;
    expect(heard).toEqual([[CHANNEL, 'now']]);
  });
});
