import { definePermissions, permissionsIn } from './permissions';

describe('permissionsIn', () => {
  it('keeps the permissions of an @Authorized list: not roles, markers or the SCIM scope', () => {
    expect(permissionsIn(['ADMIN', 'PLATFORM_ADMIN', 'billing:read', 'allow:password-change', 'require:mfa', 'scim:provision', 'tenants:read'])).toEqual(['billing:read', 'tenants:read']);
    expect(permissionsIn([])).toEqual([]);
  });
});

describe('definePermissions', () => {
  it('refuses malformed and repeated names', () => {
    expect(() => definePermissions('x', [{ name: 'Billing:Read', description: '' }])).toThrow(/not <resource>:<action>/);
    expect(() => definePermissions('x', [{ name: 'a:b', description: '' }, { name: 'a:b', description: '' }])).toThrow(/declared twice/);
    expect(definePermissions('x', [{ name: 'a:b', description: 'd' }])).toEqual([{ name: 'a:b', description: 'd' }]);
  });
});
