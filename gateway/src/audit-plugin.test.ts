import { buildSchema, parse, type OperationDefinitionNode } from 'graphql';
import { auditRecords, AUDIT_OVERRIDES, categoryOf } from './audit-plugin';

const schema = buildSchema(`
  type User { id: ID! email: String! tenantId: String! }
  type AuthResponse { accessToken: String! user: User! }
  type Quota { id: ID! resourceType: String! }
  input CreateUserInput { email: String! password: String! tenantId: String }
  input LoginInput { email: String! password: String! }
  input QuotaInput { resourceType: String! }
  type Query { ok: Boolean }
  type Mutation {
    createUser(input: CreateUserInput!): User!
    login(input: LoginInput!): AuthResponse!
    upsertQuota(tenantId: ID!, input: QuotaInput!): Quota!
    deleteNotification(id: ID!): Boolean!
  }
`);

const TENANT_A = '11111111-1111-4111-8111-111111111111';
const TENANT_B = '22222222-2222-4222-8222-222222222222';
const admin = { kind: 'access_token', subject: 'u-admin', tenantId: TENANT_A, homeTenantId: TENANT_A, roles: ['ADMIN'], scopes: [] };

function rc(query: string, variables: Record<string, unknown>, body: { data?: unknown; errors?: unknown[] }, principal?: unknown) {
  const document = parse(query);
  return {
    schema,
    operation: document.definitions[0] as OperationDefinitionNode,
    request: { variables },
    response: { body: { kind: 'single', singleResult: body } },
    contextValue: { requestId: 'req-1', principal, client: { ip: '10.0.0.9', userAgent: 'jest' } },
  } as any;
}

const at = new Date('2026-11-21T10:00:00Z');

describe('audit plugin records', () => {
  it('records a successful mutation: actor, tenant, action, resource from the result, redacted input, scalar after-image', () => {
    const [r] = auditRecords(
      rc('mutation($input: CreateUserInput!) { createUser(input: $input) { id email } }', { input: { email: 'a@b.test', password: 'pw-secret-123' } }, { data: { createUser: { id: 'u1', email: 'a@b.test' } } }, admin),
      at,
      AUDIT_OVERRIDES,
    );
    expect(r).toMatchObject({
      tenantId: TENANT_A, actorKind: 'access_token', actorId: 'u-admin', actorRoles: ['ADMIN'], action: 'createUser', category: 'ACCESS_CONTROL',
      resourceType: 'User', resourceId: 'u1', outcome: 'SUCCESS', errorCode: null, requestId: 'req-1', ip: '10.0.0.9', userAgent: 'jest', occurredAt: at,
    });
    expect(r.details).toEqual({ input: { input: { email: 'a@b.test', password: '[REDACTED]' } }, after: { id: 'u1', email: 'a@b.test' } });
  });

  it('puts a successful change in the tenant its tenantId argument names, a failed one in the caller\'s', () => {
    const q = 'mutation { upsertQuota(tenantId: "' + TENANT_B + '", input: { resourceType: "CPU" }) { id } }';
    const [ok] = auditRecords(rc(q, {}, { data: { upsertQuota: { id: 'q1' } } }, admin), at, AUDIT_OVERRIDES);
    expect(ok).toMatchObject({ tenantId: TENANT_B, resourceType: 'Quota', resourceId: 'q1', category: 'CHANGE' });
    const [failed] = auditRecords(rc(q, {}, { data: null, errors: [{ message: 'no', path: ['upsertQuota'], extensions: { code: 'DPF-TEN-001' } }] }, admin), at, AUDIT_OVERRIDES);
    expect(failed).toMatchObject({ tenantId: TENANT_A, outcome: 'FAILURE', errorCode: 'DPF-TEN-001', resourceId: TENANT_B });
    expect(failed.details.after).toBeUndefined();
  });

  it('records a failed anonymous login with the e-mail hashed and kept aside for the tenant lookup', () => {
    const [r] = auditRecords(
      rc('mutation($input: LoginInput!) { login(input: $input) { accessToken } }', { input: { email: 'Who@B.test', password: 'guess' } }, { data: null, errors: [{ message: 'bad', path: ['login'], extensions: { code: 'DPF-IAM-001' } }] }),
      at,
      AUDIT_OVERRIDES,
    );
    expect(r).toMatchObject({ tenantId: null, actorKind: 'anonymous', actorId: null, action: 'login', category: 'AUTHENTICATION', outcome: 'FAILURE', errorCode: 'DPF-IAM-001', resourceType: 'User', subjectEmail: 'Who@B.test' });
    expect(JSON.stringify(r.details)).not.toMatch(/Who@B\.test|guess/);
    expect((r.details.input as any).input.emailHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('names the user of a successful login as actor and tenant, never keeping the tokens', () => {
    const [r] = auditRecords(
      rc('mutation { login(input: { email: "a@b.test", password: "x" }) { accessToken user { id tenantId } } }', {}, { data: { login: { accessToken: 'eyJ.x.y', user: { id: 'u7', tenantId: TENANT_B } } } }),
      at,
      AUDIT_OVERRIDES,
    );
    expect(r).toMatchObject({ tenantId: TENANT_B, actorId: 'u7', actorTenantId: TENANT_B, resourceType: 'User', resourceId: 'u7', outcome: 'SUCCESS', subjectEmail: null });
    expect(JSON.stringify(r.details)).not.toContain('eyJ.x.y');
  });

  it('derives the resource from the field name and id argument for scalar results, one record per root field', () => {
    const records = auditRecords(
      rc('mutation { a: deleteNotification(id: "n1") b: deleteNotification(id: "n2") __typename }', {}, { data: { a: true, b: true } }, admin),
      at,
      AUDIT_OVERRIDES,
    );
    expect(records.map((r) => [r.resourceType, r.resourceId, r.outcome])).toEqual([['Notification', 'n1', 'SUCCESS'], ['Notification', 'n2', 'SUCCESS']]);
  });

  it('marks every field failed when the operation fails as a whole (variable coercion)', () => {
    const [r] = auditRecords(rc('mutation($input: CreateUserInput!) { createUser(input: $input) { id } }', {}, { errors: [{ message: 'bad', extensions: { code: 'DPF-API-001' } }] }, admin), at, AUDIT_OVERRIDES);
    expect(r).toMatchObject({ outcome: 'FAILURE', errorCode: 'DPF-API-001' });
  });

  it.each([
    ['login', 'AUTHENTICATION'], ['refreshToken', 'AUTHENTICATION'], ['mfaVerify', 'AUTHENTICATION'], ['oauthToken', 'AUTHENTICATION'], ['resetPassword', 'AUTHENTICATION'],
    ['createUser', 'ACCESS_CONTROL'], ['setRolePermissions', 'ACCESS_CONTROL'], ['revokeApiKey', 'ACCESS_CONTROL'], ['enrollTotp', 'ACCESS_CONTROL'], ['scimPatchUser', 'ACCESS_CONTROL'],
    ['upsertQuota', 'CHANGE'], ['createFeatureFlag', 'CHANGE'], ['suspendTenant', 'CHANGE'],
  ])('classifies %s as %s', (action, category) => {
    expect(categoryOf(action)).toBe(category);
  });
});
