import { randomUUID } from 'node:crypto';
import { PRINCIPAL_HEADER, SystemRole, type Principal, type PrincipalCodec } from '@dataplat/kit';

/** The service name the tenant service acts under in identity (auth events, logs). */
export const TENANT_SERVICE = 'tenant-service';

/** Scopes the tenant service holds towards identity: user administration only. */
const SCOPES = ['users:read', 'users:write', 'users:delete', 'roles:read'];

const ALL_ROLES = 'query TenantServiceRoles { allRoles { id name } }';
const CREATE_USER = 'mutation TenantServiceCreateUser($input: CreateUserInput!) { createUser(input: $input) { id } }';
const RESET_PASSWORD = 'mutation TenantServiceTemporaryPassword($id: ID!) { resetUserPassword(id: $id) { temporaryPassword } }';
const DELETE_USER = 'mutation TenantServiceDeleteUser($id: ID!) { deleteUser(id: $id) }';
const USER = 'query TenantServiceUser($id: ID!) { user(id: $id) { id enabled } }';

/** Identity refused an operation or could not be reached. */
export class IdentityCallError extends Error {
  constructor(
    message: string,
    readonly code: string | null,
  ) {
    super(message);
    this.name = 'IdentityCallError';
  }
}

/** What the tenant service needs from identity. */
export interface IdentityGateway {
  createFirstAdministrator(tenantId: string, email: string): Promise<{ userId: string; temporaryPassword: string }>;
  /** null when the user does not exist. */
  userEnabled(tenantId: string, userId: string): Promise<boolean | null>;
}

/**
 * Calls the identity subgraph through its GraphQL API, never its tables. Each call carries a
 * signed internal principal of kind `service_token` for the tenant service, acting in one
 * tenant with the user-administration scopes (the key is the one the gateway signs with, so
 * identity trusts it exactly as it trusts the gateway).
 */
export class IdentityClient implements IdentityGateway {
  constructor(
    private readonly url: string,
    private readonly principals: PrincipalCodec,
    private readonly timeoutMs = 10_000,
  ) {}

  /**
   * An ADMIN user with the tenant's admin e-mail, then a temporary password the user must
   * change at first login. If the second step fails, the user is deleted again.
   */
  async createFirstAdministrator(tenantId: string, email: string): Promise<{ userId: string; temporaryPassword: string }> {
    const { allRoles } = await this.call<{ allRoles: Array<{ id: number; name: string }> }>(tenantId, ALL_ROLES);
    const admin = allRoles.find((r) => r.name === SystemRole.ADMIN);
    if (!admin) throw new IdentityCallError('identity has no ADMIN role', null);
    const input = { email, firstName: 'Tenant', lastName: 'Administrator', password: `${randomUUID()}${randomUUID()}`, roleIds: [admin.id] };
    const { createUser } = await this.call<{ createUser: { id: string } }>(tenantId, CREATE_USER, { input });
    try {
      const { resetUserPassword } = await this.call<{ resetUserPassword: { temporaryPassword: string } }>(tenantId, RESET_PASSWORD, { id: createUser.id });
      return { userId: createUser.id, temporaryPassword: resetUserPassword.temporaryPassword };
    } catch (e) {
      await this.call(tenantId, DELETE_USER, { id: createUser.id }).catch(() => undefined);
      throw e;
    }
  }

  async userEnabled(tenantId: string, userId: string): Promise<boolean | null> {
    try {
      const { user } = await this.call<{ user: { enabled: boolean } }>(tenantId, USER, { id: userId });
      return user.enabled;
    } catch (e) {
      if (e instanceof IdentityCallError && e.code === 'DPF-IAM-005') return null;
      throw e;
    }
  }

  private async call<T>(tenantId: string, query: string, variables?: Record<string, unknown>): Promise<T> {
    const principal: Principal = { kind: 'service_token', subject: TENANT_SERVICE, tenantId, homeTenantId: null, roles: [], scopes: SCOPES };
    let res: Response;
    try {
      res = await fetch(this.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [PRINCIPAL_HEADER]: await this.principals.sign(principal, `${TENANT_SERVICE}|${tenantId}`) },
        body: JSON.stringify({ query, variables }),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (e) {
      throw new IdentityCallError(`identity unreachable: ${(e as Error).message}`, null);
    }
    const body = (await res.json().catch(() => null)) as { data?: T; errors?: Array<{ message: string; extensions?: { code?: string } }> } | null;
    const error = body?.errors?.[0];
    if (error || !body?.data) throw new IdentityCallError(error?.message ?? `identity answered ${res.status}`, error?.extensions?.code ?? null);
    return body.data;
  }
}
