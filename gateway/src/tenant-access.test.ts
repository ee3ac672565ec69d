import { PLATFORM_TENANT_ID, type Principal } from '@dataplat/kit';
import { TenantAccessGate, type TenantStatusStore } from './tenant-access';

const T = '11111111-1111-4111-8111-111111111111';
const user = (over: Partial<Principal> = {}): Principal => ({ kind: 'access_token', subject: 'u', tenantId: T, homeTenantId: T, roles: ['ADMIN'], scopes: [], ...over });

/** A store answering from a status the test sets, counting reads. */
function store(initial: string | null) {
  const s = { status: initial as string | null, reads: 0, fail: false };
  const impl: TenantStatusStore = {
    statusOf: async () => {
      s.reads++;
      if (s.fail) throw new Error('down');
      return s.status;
    },
  };
  return { s, impl };
}

const codeOf = (p: Promise<unknown>) => p.then(() => undefined, (e) => e.code);

describe('TenantAccessGate', () => {
  it('lets users of active or unknown tenants through, and refuses suspended ones (403 DPF-TEN-004)', async () => {
    for (const [status, code] of [['ACTIVE', undefined], [null, undefined], ['SUSPENDED', 'DPF-TEN-004'], ['DEPROVISIONED', 'DPF-TEN-004'], ['DEPROVISIONING', 'DPF-TEN-004']] as const) {
      expect(await codeOf(new TenantAccessGate(store(status).impl).check(user()))).toBe(code);
    }
  });

  it('never refuses service tokens or the platform tenant, and does not look them up', async () => {
    const { s, impl } = store('SUSPENDED');
    const gate = new TenantAccessGate(impl);
    await gate.check(user({ kind: 'service_token' }));
    await gate.check(user({ homeTenantId: PLATFORM_TENANT_ID, roles: ['PLATFORM_ADMIN'] }));
    expect(s.reads).toBe(0);
  });

  it('caches a status until a notification names the tenant', async () => {
    const { s, impl } = store('ACTIVE');
    const gate = new TenantAccessGate(impl, 60_000);
    await gate.check(user());
    s.status = 'SUSPENDED';
    await gate.check(user());
    expect(s.reads).toBe(1);
    gate.onNotification(T.toUpperCase());
    expect(await codeOf(gate.check(user()))).toBe('DPF-TEN-004');
    expect(s.reads).toBe(2);
  });

  it('fails closed (503) when the status cannot be read', async () => {
    const { s, impl } = store('ACTIVE');
    s.fail = true;
    expect(await codeOf(new TenantAccessGate(impl).check(user()))).toBe('DPF-API-009');
  });
});
