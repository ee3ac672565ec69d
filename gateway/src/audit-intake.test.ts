import { randomUUID } from 'node:crypto';
import { createPrismaClient, openTestDatabase, type PrismaClient, type TestDatabase } from '@dataplat/db';
import type { AuditRecord, Logger } from '@dataplat/kit';
import { AuditIntakeWriter } from './audit-intake';

/**
 * AuditIntakeWriter against a real PostgreSQL (embedded, or a fresh database on
 * TEST_DATABASE_SERVER_URL): a record PostgreSQL cannot store never holds up the records
 * behind it (docs/audit-service.md "Dead letters"); and, with a stand-in database, what an
 * outage does: retried with backoff, overflow and shutdown losses counted and logged.
 */
jest.setTimeout(120_000);

const TENANT = '11111111-1111-4111-8111-111111111111';

function auditRecord(over: Partial<AuditRecord> = {}): AuditRecord {
  return {
    eventId: randomUUID(), tenantId: TENANT, occurredAt: new Date(), actorKind: 'access_token', actorId: 'u1', actorTenantId: TENANT, actorRoles: ['ADMIN'],
    action: 'updateThing', category: 'CHANGE', resourceType: 'Thing', resourceId: 't1', outcome: 'SUCCESS', errorCode: null, requestId: 'r1',
    ip: '127.0.0.1', userAgent: 'jest', details: { input: { id: 't1' } }, subjectEmail: null, ...over,
  };
}

function fakeLogger() {
  const logger = { error: jest.fn(), warn: jest.fn(), info: jest.fn() };
  return { logger, asLogger: logger as unknown as Logger, messages: () => logger.error.mock.calls.map((c) => c[1] as string) };
}

describe('AuditIntakeWriter against PostgreSQL', () => {
  let database: TestDatabase;
  let db: PrismaClient;

  beforeAll(async () => {
    database = await openTestDatabase('intake');
    db = createPrismaClient(database.url);
  });

  afterAll(async () => {
    await db?.$disconnect();
    await database?.close();
  });

  beforeEach(async () => {
    await db.auditIntake.deleteMany();
    await db.auditIntakeDeadLetter.deleteMany();
  });

  const intake = () => db.auditIntake.findMany({ orderBy: { id: 'asc' } });

  it('writes a record with NUL (login e-mail, %00 path id) in the chain, NUL replaced by U+FFFD and flagged, with the records around it', async () => {
    const { asLogger } = fakeLogger();
    const writer = new AuditIntakeWriter(db, asLogger, { intervalMs: 10 });
    const before = auditRecord({ action: 'before' });
    const poison = auditRecord({
      action: 'deleteUser', tenantId: null, resourceId: '\u0000', subjectEmail: 'x\u0000@e2e.test', details: { input: { id: '\u0000', 'k\u0000': 'lone \ud800 surrogate' } },
    });
    const after = auditRecord({ action: 'after' });
    for (const r of [before, poison, after]) writer.record(r);
    await writer.stop();

    const rows = await intake();
    expect(rows.map((r) => r.action)).toEqual(['before', 'deleteUser', 'after']);
    expect(rows[1]).toMatchObject({ eventId: poison.eventId, resourceId: '\ufffd', subjectEmail: 'x\ufffd@e2e.test' });
    expect(rows[1].details).toEqual({ input: { id: '\ufffd', 'k\ufffd': 'lone \ufffd surrogate' }, sanitised: ['resourceId', 'details', 'subjectEmail'] });
    expect(rows[0].details).toEqual(before.details);
    expect(writer.stats()).toMatchObject({ status: 'ok', written: 3, sanitised: 1, deadLettered: 0, dropped: 0, buffered: 0 });
  });

  it('sets a record the database refuses aside in audit.intake_dead_letters and writes every other one, in order', async () => {
    const { logger, asLogger, messages } = fakeLogger();
    const writer = new AuditIntakeWriter(db, asLogger, { intervalMs: 10, batchSize: 50 });
    const good = Array.from({ length: 20 }, (_, i) => auditRecord({ action: `good${i}` }));
    // Not storable whatever the characters: a tenant that is no UUID (SQLSTATE 22P02), a time that is no time (Prisma validation).
    const badTenant = auditRecord({ action: 'badTenant', tenantId: 'not-a-uuid', subjectEmail: 'a\u0000b@x.test' });
    const badTime = auditRecord({ action: 'badTime', occurredAt: new Date(Number.NaN) });
    const batch = [...good.slice(0, 7), badTenant, ...good.slice(7, 15), badTime, ...good.slice(15)];
    for (const r of batch) writer.record(r);
    await writer.flush();
    writer.record(auditRecord({ action: 'later' }));
    await writer.stop();

    expect((await intake()).map((r) => r.action)).toEqual([...good.map((r) => r.action), 'later']);
    const letters = await db.auditIntakeDeadLetter.findMany({ orderBy: { id: 'asc' } });
    expect(letters.map((l) => [l.eventId, l.tenantId, l.action, l.errorCode])).toEqual([
      [badTenant.eventId, 'not-a-uuid', 'badTenant', '22P02'],
      [badTime.eventId, TENANT, 'badTime', null],
    ]);
    expect(letters[0].error).toMatch(/uuid/);
    expect(letters[1].error).toMatch(/occurredAt/);
    expect(letters[1].occurredAt).toBeNull();
    // The record as the gateway made it (before sanitising), as JSON text: NUL escaped, not lost.
    expect(JSON.parse(letters[0].record)).toMatchObject({ eventId: badTenant.eventId, subjectEmail: 'a\u0000b@x.test', tenantId: 'not-a-uuid' });
    expect(letters[0].record).toContain('\\u0000');
    expect(letters[0].createdAt).toBeInstanceOf(Date);
    expect(writer.stats()).toMatchObject({ status: 'ok', written: 21, deadLettered: 2, dropped: 0, buffered: 0 });
    expect(messages().filter((m) => /intake_dead_letters/.test(m))).toHaveLength(2);
    expect(logger.error.mock.calls.find((c) => /intake_dead_letters/.test(c[1]))![0]).toMatchObject({ eventId: badTenant.eventId, errorCode: '22P02' });
  });
});

describe('AuditIntakeWriter while the database is away', () => {
  const outage = () => Object.assign(new Error("Can't reach database server"), { name: 'DriverAdapterError', cause: { kind: 'DatabaseNotReachable' } });

  /** A stand-in database that refuses every write while `down`. */
  function standIn() {
    const state = { down: true, written: [] as string[], attempts: 0, deadLetters: 0 };
    const db = {
      auditIntake: {
        createMany: async ({ data }: { data: Array<{ action: string }> }) => {
          state.attempts++;
          if (state.down) throw outage();
          state.written.push(...data.map((r) => r.action));
          return { count: data.length };
        },
      },
      auditIntakeDeadLetter: {
        create: async () => {
          state.deadLetters++;
          if (state.down) throw outage();
        },
      },
    };
    return { state, db: db as unknown as PrismaClient };
  }

  it('keeps the records, retries with backoff (status retrying) and writes them all, in order, once the database is back', async () => {
    const { state, db } = standIn();
    const { asLogger, messages } = fakeLogger();
    const writer = new AuditIntakeWriter(db, asLogger, { intervalMs: 5, maxBackoffMs: 40 });
    for (let i = 0; i < 3; i++) writer.record(auditRecord({ action: `a${i}` }));
    await new Promise((r) => setTimeout(r, 150));
    // Backoff 5, 10, 20, 40, 40 ms: a handful of attempts in 150 ms, not one every 5 ms.
    expect(state.attempts).toBeGreaterThanOrEqual(2);
    expect(state.attempts).toBeLessThanOrEqual(8);
    expect(writer.stats()).toMatchObject({ status: 'retrying', buffered: 3, written: 0, deadLettered: 0, dropped: 0, lastError: { message: expect.stringMatching(/reach/) } });
    expect(state.deadLetters).toBe(0); // an outage is no reason to set records aside
    expect(messages().every((m) => /write failed; retrying/.test(m))).toBe(true);

    state.down = false;
    writer.record(auditRecord({ action: 'a3' }));
    await new Promise((r) => setTimeout(r, 120));
    expect(state.written).toEqual(['a0', 'a1', 'a2', 'a3']);
    expect(writer.stats()).toMatchObject({ status: 'ok', buffered: 0, written: 4, dropped: 0 });
    await writer.stop();
  });

  it('drops the oldest records beyond maxBuffered, counted and logged at once, never silently', async () => {
    const { state, db } = standIn();
    const { logger, asLogger } = fakeLogger();
    const writer = new AuditIntakeWriter(db, asLogger, { intervalMs: 5, maxBackoffMs: 20, maxBuffered: 5, dropLogIntervalMs: 60_000 });
    const records = Array.from({ length: 8 }, (_, i) => auditRecord({ action: `a${i}` }));
    for (const r of records) writer.record(r);

    expect(writer.stats()).toMatchObject({ dropped: 3, buffered: 5 });
    const [first] = logger.error.mock.calls.filter((c) => /oldest records dropped/.test(c[1]));
    expect(first[0]).toMatchObject({ lost: 1, droppedTotal: 1, examples: [expect.objectContaining({ eventId: records[0].eventId, action: 'a0' })] });

    state.down = false;
    await new Promise((r) => setTimeout(r, 80));
    expect(state.written).toEqual(['a3', 'a4', 'a5', 'a6', 'a7']);
    // The drops after the first line are summed up once the writer gets through again.
    const summaries = logger.error.mock.calls.filter((c) => /oldest records dropped/.test(c[1])).map((c) => c[0].lost);
    expect(summaries.reduce((a, b) => a + b, 0)).toBe(3);
    await writer.stop();
  });

  it('reports the records it could not write when stopped during an outage', async () => {
    const { db } = standIn();
    const { logger, asLogger } = fakeLogger();
    const writer = new AuditIntakeWriter(db, asLogger, { intervalMs: 5 });
    writer.record(auditRecord());
    writer.record(auditRecord());
    await writer.stop();
    expect(writer.stats()).toMatchObject({ dropped: 2, buffered: 0 });
    const lost = logger.error.mock.calls.find((c) => /stopped with records it could not write/.test(c[1]));
    expect(lost![0]).toMatchObject({ lost: 2 });
  });
});
