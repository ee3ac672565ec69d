import { PLATFORM_TENANT_ID, type Principal } from '@dataplat/kit';
import { actingTenant, layersOf, requireWriter } from './scope';

const p = (tenantId: string | null, roles: string[], kind: Principal['kind'] = 'access_token'): Principal => ({ kind, subject: 's', tenantId, homeTenantId: tenantId, roles, scopes: [] });

describe('configuration tenant scoping', () => {
  it('reads the tenant over the platform; a caller without a tenant reads the platform only', () => {
    expect(layersOf(p('t1', ['USER']))).toEqual(['t1', PLATFORM_TENANT_ID]);
    expect(layersOf(p(PLATFORM_TENANT_ID, ['PLATFORM_ADMIN']))).toEqual([PLATFORM_TENANT_ID]);
    expect(layersOf(p(null, [], 'service_token'))).toEqual([PLATFORM_TENANT_ID]);
    expect(actingTenant(p(null, [], 'service_token'))).toBe(PLATFORM_TENANT_ID);
  });

  it('lets only platform admins write platform-wide', () => {
    expect(requireWriter(p('t1', ['ADMIN']))).toBe('t1');
    expect(requireWriter(p(PLATFORM_TENANT_ID, ['PLATFORM_ADMIN']))).toBe(PLATFORM_TENANT_ID);
    expect(() => requireWriter(p(PLATFORM_TENANT_ID, ['ADMIN']))).toThrow(expect.objectContaining({ code: 'DPF-CFG-003' }));
    expect(() => requireWriter(p(null, [], 'service_token'))).toThrow(expect.objectContaining({ code: 'DPF-CFG-003' }));
  });
});
