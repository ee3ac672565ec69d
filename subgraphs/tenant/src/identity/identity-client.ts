import { randomUUID } from 'node:crypto';
import { ServiceCallError, ServiceGraphClient, SystemRole, type PrincipalCodec } from '@dataplat/kit';

/** The service name the tenant service acts under in identity (auth events, logs). */
export const TENANT_SERVICE = 'tenant-service';

/** Scopes the tenant service holds towards identity: user administration only. */
const SCOPES = ['users:read', 'users:write', 'users:delete', 'roles:read'];

const ALL_ROLES = 'query TenantServiceRoles { allRoles { id name } }';
const CREATE_USER = 'mutation TenantServiceCreateUser($input: CreateUserInput!) { createUser(input: $input) { id } }';
const RESET_PASSWORD = 'mutation TenantServiceTemporaryPassword($id: ID!) { resetUserPassword(id: $id) { temporaryPassword } }';
const DELETE_USER = 'mutation TenantServiceDeleteUser($id: ID!) { deleteUser(id: $id) }';
const USER = 'query TenantServiceUser($id: ID!) { user(id: $id) { id enabled } }';

/** Identity refused an operation (`code`: its error code) or could not be reached. */
export const IdentityCallError = ServiceCallError;
export type IdentityCallError = ServiceCallError;

/** What the tenant service needs from identity. */
export interface IdentityGateway {
  createFirstAdministrator(tenantId: string, email: string): Promise<{ userId: string; temporaryPassword: string }>;
  /** null when the user does not exist. */
  userEnabled(tenantId: string, userId: string): Promise<boolean | null>;
}

/** Calls the identity subgraph through its GraphQL API as the tenant service, acting in one tenant. */
export class IdentityClient implements IdentityGateway {
  private readonly client: ServiceGraphClient;

  constructor(url: string, principals: PrincipalCodec, timeoutMs = 10_000) {
    this.client = new ServiceGraphClient({ service: TENANT_SERVICE, scopes: SCOPES, principals, url, timeoutMs });
  }

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

  private call<T>(tenantId: string, query: string, variables?: Record<string, unknown>): Promise<T> {
    return this.client.call<T>(query, variables, tenantId);
  }
}
