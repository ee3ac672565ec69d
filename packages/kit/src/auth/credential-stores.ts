/**
 * What the edge reads of identity's credentials on its hot path (X-API-Key, SCIM bearer
 * tokens, the access-token blocklist, the permissions of users' roles). Identity implements these over its own tables
 * (`createEdgeCredentialStores`, subgraphs/identity/src/edge); the gateway caches what they
 * return and drops entries on identity's NOTIFYs (channels.ts). docs/decisions.md §38.
 */

/** What the edge needs to know about a key, read by its SHA-256. */
export interface ApiKeyRecord {
  tenantId: string;
  id: number;
  userId: string;
  mode: 'LIVE' | 'TEST';
  status: string;
  scopes: string[];
  ipWhitelist: string[];
  rateLimit: number | null;
  expiresAt: Date | null;
  /** For a ROTATING key: end of the grace period of its rotation (epoch when none is in progress). */
  graceEndsAt: Date | null;
  lastUsedAt: Date | null;
  ownerEnabled: boolean;
  ownerRoles: string[];
  /** Permission names the owner holds through those roles now. */
  ownerPermissions: string[];
}

export interface ApiKeyUsage {
  tenantId: string;
  id: number;
  at: Date;
  ip: string | null;
}

export interface ApiKeyStore {
  findByHash(hash: string): Promise<ApiKeyRecord | null>;
  /** Writes `last_used_at` / `last_used_ip` of a batch of keys (never moving them back). */
  recordUsage(usage: ApiKeyUsage[]): Promise<void>;
}

export interface ScimTokenRecord {
  tenantId: string;
  id: number;
  expiresAt: Date | null;
  revokedAt: Date | null;
}

export interface ScimTokenStore {
  findByHash(hash: string): Promise<ScimTokenRecord | null>;
}

/** The permissions a user holds through its roles now. */
export interface PermissionStore {
  permissionsOf(tenantId: string, userId: string): Promise<string[]>;
}

/** Identity's blocklist of access tokens (token ids, `jti`). */
export interface RevokedTokenStore {
  isRevoked(jti: string): Promise<boolean>;
  /** Every entry whose token has not expired yet (to fill another store at start-up). */
  live(): Promise<Array<{ jti: string; expiresAt: Date }>>;
}
