import type { Principal } from '@dataplat/kit';
import { IdentityCallError, type IdentityGateway } from '../identity/identity-client';
import type { TenantRepository, TenantRow } from './tenant.repository';
import { mergeSettings, TenantService } from './tenant.service';

const root: Principal = { kind: 'access_token', subject: 'root', tenantId: null, homeTenantId: null, roles: ['PLATFORM_ADMIN'], scopes: [] };
const input = { name: 'Acme', slug: 'acme', plan: 'FREE', region: 'eu-west-1', adminEmail: 'a@acme.test' };
const logger = { warn: jest.fn() } as any;

/** Records the repository calls the service makes (the database itself is covered end to end). */
function repository() {
  const calls: string[] = [];
  const row = { id: '11111111-1111-4111-8111-111111111111', adminEmail: 'a@acme.test', status: 'PROVISIONING', settings: {} } as TenantRow;
  const repo = {
    create: jest.fn(async () => (calls.push('create'), row)),
    delete: jest.fn(async () => void calls.push('delete')),
    update: jest.fn(async () => (calls.push('update'), row)),
    find: jest.fn(async () => row),
    moveStatus: jest.fn(async (_id: string, move: { to: string }) => (calls.push(`move:${move.to}`), { ...row, status: move.to })),
  };
  return { calls, repo: repo as unknown as TenantRepository };
}

describe('TenantService.provision', () => {
  it('creates the tenant, then its administrator, then marks it ACTIVE', async () => {
    const { calls, repo } = repository();
    const identity: IdentityGateway = { createFirstAdministrator: jest.fn(async () => ({ userId: 'u1', temporaryPassword: 'temp' })), userEnabled: jest.fn() };
    const result = await new TenantService(repo, identity, logger).provision(root, input);
    expect(calls).toEqual(['create', 'update', 'move:ACTIVE']);
    expect(result).toMatchObject({ status: 'ACTIVE', adminTemporaryPassword: 'temp' });
  });

  it('removes the tenant again and answers 502 DPF-TEN-005 when identity refuses', async () => {
    const { calls, repo } = repository();
    const identity: IdentityGateway = { createFirstAdministrator: jest.fn(async () => Promise.reject(new IdentityCallError('down', null))), userEnabled: jest.fn() };
    const error = await new TenantService(repo, identity, logger).provision(root, input).catch((e) => e);
    expect(error).toMatchObject({ code: 'DPF-TEN-005', status: 502, details: { reason: 'down' } });
    expect(calls).toEqual(['create', 'delete']);
  });

  it('refuses reserved slugs before writing anything (409)', async () => {
    const { calls, repo } = repository();
    const identity: IdentityGateway = { createFirstAdministrator: jest.fn(), userEnabled: jest.fn() };
    const error = await new TenantService(repo, identity, logger).provision(root, { ...input, slug: 'platform' }).catch((e) => e);
    expect(error.code).toBe('DPF-TEN-002');
    expect(calls).toEqual([]);
  });
});

describe('mergeSettings', () => {
  it('keeps omitted fields and fills defaults', () => {
    expect(mergeSettings({ maxUsers: 5, gpuEnabled: true }, { maxConnectors: 2 })).toEqual({ maxUsers: 5, maxConnectors: 2, gpuEnabled: true, dedicatedIngress: false });
    expect(mergeSettings(undefined, undefined)).toEqual({ maxUsers: null, maxConnectors: null, gpuEnabled: false, dedicatedIngress: false });
  });
});
