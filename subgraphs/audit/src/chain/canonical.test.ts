import { createHash } from 'node:crypto';
import { canonicalForm, eventHash, GENESIS_HASH, sortKeys, type ChainedFields } from './canonical';

const event = (over: Partial<ChainedFields> = {}): ChainedFields => ({
  tenantId: '11111111-1111-4111-8111-111111111111',
  seq: 1n,
  id: '22222222-2222-4222-8222-222222222222',
  occurredAt: new Date('2026-11-21T10:00:00.123Z'),
  actorKind: 'access_token',
  actorId: 'u1',
  actorTenantId: '11111111-1111-4111-8111-111111111111',
  actorRoles: ['ADMIN'],
  action: 'createUser',
  category: 'ACCESS_CONTROL',
  resourceType: 'User',
  resourceId: 'u2',
  outcome: 'SUCCESS',
  errorCode: null,
  requestId: 'r1',
  ip: '127.0.0.1',
  userAgent: 'jest',
  details: { input: { email: 'a@b.test', name: 'A' } },
  prevHash: GENESIS_HASH,
  ...over,
});

describe('canonical form and hash', () => {
  it('is the documented JSON array', () => {
    expect(canonicalForm(event())).toBe(
      '["dpf-audit-v1","11111111-1111-4111-8111-111111111111","1","22222222-2222-4222-8222-222222222222","2026-11-21T10:00:00.123Z",' +
        '"access_token","u1","11111111-1111-4111-8111-111111111111",["ADMIN"],"createUser","ACCESS_CONTROL","User","u2","SUCCESS",null,"r1",' +
        '"127.0.0.1","jest",{"input":{"email":"a@b.test","name":"A"}},"0000000000000000000000000000000000000000000000000000000000000000"]',
    );
  });

  it('hashes with SHA-256 over the canonical form (hex)', () => {
    const e = event();
    expect(eventHash(e)).toBe(createHash('sha256').update(canonicalForm(e)).digest('hex'));
    expect(eventHash(e)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('does not depend on the key order of details', () => {
    const a = event({ details: { input: { name: 'A', email: 'a@b.test' }, after: { z: 1, a: [{ y: 1, b: 2 }] } } });
    const b = event({ details: { after: { a: [{ b: 2, y: 1 }], z: 1 }, input: { email: 'a@b.test', name: 'A' } } });
    expect(eventHash(a)).toBe(eventHash(b));
  });

  it('changes with every covered field, and with the previous hash (the chain)', () => {
    const base = eventHash(event());
    const changes: Array<Partial<ChainedFields>> = [
      { seq: 2n }, { action: 'deleteUser' }, { outcome: 'FAILURE' }, { actorId: 'u9' }, { resourceId: null }, { ip: '10.0.0.1' },
      { occurredAt: new Date('2026-11-21T10:00:00.124Z') }, { details: { input: { email: 'x@b.test', name: 'A' } } }, { prevHash: 'f'.repeat(64) },
      { actorRoles: ['ADMIN', 'USER'] }, { tenantId: '33333333-3333-4333-8333-333333333333' },
    ];
    for (const change of changes) expect(eventHash(event(change))).not.toBe(base);
  });

  it('tells null and the string "null" apart', () => {
    expect(eventHash(event({ errorCode: null }))).not.toBe(eventHash(event({ errorCode: 'null' })));
  });

  it('sorts keys recursively and keeps array order', () => {
    expect(JSON.stringify(sortKeys({ b: 1, a: { d: [3, { f: 1, e: 2 }], c: null } }))).toBe('{"a":{"c":null,"d":[3,{"e":2,"f":1}]},"b":1}');
  });
});
