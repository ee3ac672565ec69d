import { ErrorCode, TokenService } from '@dataplat/kit';
import { Authenticator } from './authenticate';
import { PermissionDirectory } from './permissions';

const T = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const USER = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';

let tokens: TokenService;
beforeAll(async () => {
  tokens = await TokenService.create('s'.repeat(40), 'test', { accessSeconds: 900, refreshSeconds: 3600, serviceSeconds: 300 });
});

function storeOf(granted: Record<string, string[]>) {
  const calls: string[] = [];
  return {
    calls,
    permissionsOf: jest.fn(async (tenantId: string, userId: string) => {
      calls.push(`${tenantId}/${userId}`);
      return granted[userId] ?? [];
    }),
  };
}

const bearer = async (roles: string[], sub = USER) => ({ authorization: `Bearer ${(await tokens.issue('access', sub, { tenant_id: T, roles })).token}` });

describe('Authenticator with a PermissionDirectory', () => {
  it('gives a user without ADMIN the permissions of its roles, looked up once per user and roles', async () => {
    const store = storeOf({ [USER]: ['billing:read', 'tenants:read'] });
    const auth = new Authenticator(tokens, { permissions: new PermissionDirectory(store) });
    const headers = await bearer(['BILLING_READER']);
    const first = await auth.authenticate(headers);
    expect(first.principal).toMatchObject({ kind: 'access_token', roles: ['BILLING_READER'], permissions: ['billing:read', 'tenants:read'] });
    const again = await auth.authenticate(await bearer(['BILLING_READER']));
    expect(again.principal?.permissions).toEqual(['billing:read', 'tenants:read']);
    expect(store.calls).toEqual([`${T}/${USER}`]);
    // the signed principal is keyed by a credential id that names the permissions' version
    expect(first.credentialId).toMatch(/~p\d+$/);
  });

  it('leaves administrators alone (they pass by role) and does not look them up', async () => {
    const store = storeOf({});
    const auth = new Authenticator(tokens, { permissions: new PermissionDirectory(store) });
    for (const roles of [['ADMIN'], ['PLATFORM_ADMIN', 'USER']]) {
      const out = await auth.authenticate(await bearer(roles));
      expect(out.principal?.permissions).toBeUndefined();
    }
    const svc = await tokens.issue('service', 'billing', { scope: 'tenants:read' });
    expect((await auth.authenticate({ authorization: `Bearer ${svc.token}` })).principal?.permissions).toBeUndefined();
    expect(store.calls).toEqual([]);
  });

  it('forgets on clear() (a role\'s permissions changed) and changes the credential id with them', async () => {
    const granted: Record<string, string[]> = { [USER]: ['billing:read'] };
    const directory = new PermissionDirectory(storeOf(granted));
    const auth = new Authenticator(tokens, { permissions: directory });
    const headers = await bearer(['BILLING_READER']);
    const before = await auth.authenticate(headers);
    granted[USER] = [];
    expect((await auth.authenticate(headers)).principal?.permissions).toEqual(['billing:read']);
    directory.clear();
    const after = await auth.authenticate(headers);
    expect(after.principal?.permissions).toEqual([]);
    expect(after.credentialId).not.toBe(before.credentialId);
  });

  it('answers 503 when the permissions cannot be read (never a silent "no access")', async () => {
    const auth = new Authenticator(tokens, { permissions: new PermissionDirectory({ permissionsOf: async () => { throw new Error('db down'); } }) });
    expect((await auth.authenticate(await bearer(['BILLING_READER']))).error?.code).toBe(ErrorCode.UPSTREAM_UNAVAILABLE);
  });
});
