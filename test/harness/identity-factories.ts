import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { ApiClient } from './client';
import { createUser, roleId, type CreatedUser } from './factories';
import { startPlatform, type TestPlatform } from './platform';

/** A logged-in user: the account, and the tokens of one login (one session). */
export interface Session extends CreatedUser {
  token: string;
  refreshToken: string;
}

export interface IdentityPlatform {
  platform: TestPlatform;
  api: ApiClient;
  rootToken: string;
  /** The identity tables, for what the API does not show (the token blocklist). Embedded mode only. */
  /** The platform's own database (embedded or a throw-away one on E2E_DATABASE_URL). */
  db: pg.Client;
  stop(): Promise<void>;
}

/**
 * Boots a platform, logs the bootstrap platform admin in and connects to the platform's
 * database (for assertions on tables the API does not show, like the blocklist).
 */
export async function startIdentityPlatform(makeClient: (baseUrl: string) => ApiClient): Promise<IdentityPlatform> {
  const platform = await startPlatform();
  const api = makeClient(platform.baseUrl);
  const rootToken = (await api.login(platform.adminEmail, platform.adminPassword)).accessToken;
  const db = new pg.Client({ connectionString: platform.databaseUrl });
  await db.connect();
  return {
    platform,
    api,
    rootToken,
    db,
    stop: async () => {
      await db.end();
      await platform.stop();
    },
  };
}

export interface TwoTenantFixture {
  adminA: Session;
  adminB: Session;
  /** A plain USER of tenant A. */
  member: Session;
  /** A PLATFORM_ADMIN account living in tenant A: out of reach for tenant A's admins. */
  operatorInA: Session;
}

/** The cast most administration tests need: an admin in each of two tenants, and two more in A. */
export async function twoTenantFixture(api: ApiClient, rootToken: string, tenantA: string, tenantB: string): Promise<TwoTenantFixture> {
  const [adminA, adminB, member, operatorInA] = await Promise.all([
    userWithRoles(api, rootToken, tenantA, ['ADMIN']),
    userWithRoles(api, rootToken, tenantB, ['ADMIN']),
    userWithRoles(api, rootToken, tenantA),
    userWithRoles(api, rootToken, tenantA, ['PLATFORM_ADMIN']),
  ]);
  return { adminA, adminB, member, operatorInA };
}

/** Logs a user in: a new session. */
export async function loginAs(api: ApiClient, user: CreatedUser): Promise<Session> {
  const res = await api.login(user.email, user.password);
  return { ...user, token: res.accessToken, refreshToken: res.refreshToken };
}

/** Creates a user with the named system roles (USER when none) and logs them in. */
export async function userWithRoles(api: ApiClient, creatorToken: string, tenantId: string, roleNames: string[] = []): Promise<Session> {
  const roleIds = await Promise.all(roleNames.map((n) => roleId(api, creatorToken, n)));
  const user = await createUser(api, creatorToken, { tenantId, ...(roleIds.length ? { roleIds } : {}) });
  return loginAs(api, user);
}

/** Creates a custom role in a tenant and returns its id. */
export async function createRole(api: ApiClient, token: string, tenantId: string, body: Record<string, unknown> = {}): Promise<number> {
  const res = await api.post('/api/v1/roles', { name: uniqueRoleName(), description: 'e2e role', ...body }, { token, headers: { 'x-tenant-id': tenantId } });
  if (res.status !== 201) throw new Error(`createRole failed: ${res.status} ${res.text}`);
  return res.body.id;
}

export const uniqueRoleName = () => `E2E_${randomUUID().slice(0, 8)}`;

/** Ids of permissions by name, from GET /api/v1/permissions. */
export async function permissionIds(api: ApiClient, token: string, names: string[]): Promise<number[]> {
  const res = await api.get('/api/v1/permissions', { token });
  if (res.status !== 200) throw new Error(`permissions failed: ${res.status} ${res.text}`);
  return names.map((n) => {
    const p = res.body.find((x: { name: string }) => x.name === n);
    if (!p) throw new Error(`permission ${n} not found`);
    return p.id;
  });
}

/** The claims of a JWT, unverified. */
export const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());

/** Access-token ids on the blocklist for a user (embedded mode). */
export async function revokedJtis(db: pg.Client, userId: string): Promise<string[]> {
  const { rows } = await db.query('SELECT jti::text FROM identity.revoked_tokens WHERE user_id = $1', [userId]);
  return rows.map((r) => r.jti);
}

/** The user's sessions (embedded mode): id and whether revoked. */
export async function sessionsOf(db: pg.Client, userId: string): Promise<Array<{ id: number; revoked: boolean; reason: string | null }>> {
  const { rows } = await db.query('SELECT id, revoked_at IS NOT NULL AS revoked, revoked_reason AS reason FROM identity.sessions WHERE user_id = $1 ORDER BY id', [userId]);
  return rows;
}
