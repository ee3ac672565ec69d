import { TENANT_STATUSES } from './tenant.model';
import { assertUpdatable, nextStatus, TRANSITIONS, type TenantAction } from './tenant-lifecycle';

const codeOf = (fn: () => unknown): string | undefined => {
  try {
    fn();
    return undefined;
  } catch (e) {
    return (e as { code?: string }).code;
  }
};

describe('tenant state machine', () => {
  it.each([
    ['PROVISIONING', 'complete', 'ACTIVE'],
    ['PROVISIONING', 'fail', 'FAILED'],
    ['ACTIVE', 'suspend', 'SUSPENDED'],
    ['SUSPENDED', 'activate', 'ACTIVE'],
    ['ACTIVE', 'deprovision', 'DEPROVISIONING'],
    ['SUSPENDED', 'deprovision', 'DEPROVISIONING'],
    ['FAILED', 'deprovision', 'DEPROVISIONING'],
    ['DEPROVISIONING', 'remove', 'DEPROVISIONED'],
    ['FAILED', 'retry', 'PROVISIONING'],
    ['ACTIVE', 'rollback', 'FAILED'],
    ['FAILED', 'rollback', 'FAILED'],
    ['ACTIVE', 'reprovision', 'PROVISIONING'],
    ['FAILED', 'reprovision', 'PROVISIONING'],
  ] as const)('%s --%s--> %s', (from, action, to) => {
    expect(nextStatus(from, action)).toBe(to);
  });

  it('refuses every other move with 409 DPF-TEN-003', () => {
    let refused = 0;
    for (const status of TENANT_STATUSES) {
      for (const action of Object.keys(TRANSITIONS) as TenantAction[]) {
        if ((TRANSITIONS[action].from as readonly string[]).includes(status)) continue;
        expect(codeOf(() => nextStatus(status, action))).toBe('DPF-TEN-003');
        refused++;
      }
    }
    // 6 statuses x 9 actions, 13 of them allowed
    expect(refused).toBe(41);
  });

  it('has no way out of DEPROVISIONED', () => {
    for (const action of Object.keys(TRANSITIONS) as TenantAction[]) expect(codeOf(() => nextStatus('DEPROVISIONED', action))).toBe('DPF-TEN-003');
  });

  it('allows updates until deprovisioning starts', () => {
    expect(codeOf(() => assertUpdatable('ACTIVE'))).toBeUndefined();
    expect(codeOf(() => assertUpdatable('SUSPENDED'))).toBeUndefined();
    expect(codeOf(() => assertUpdatable('DEPROVISIONING'))).toBe('DPF-TEN-003');
    expect(codeOf(() => assertUpdatable('DEPROVISIONED'))).toBe('DPF-TEN-003');
  });
});
