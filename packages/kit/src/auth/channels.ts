/**
 * PostgreSQL NOTIFY channels by which identity tells every edge about credential changes,
 * sent in the transaction that makes the change (delivered on commit).
 */
/** Payload "<jti>|<expiresAtMs>": an access token put on the blocklist. */
export const REVOCATION_CHANNEL = 'dataplat_token_revoked';
/** Payload "<sha256 of a key>" or "user:<tenant>:<userId>": cached API keys to drop. */
export const API_KEY_CHANNEL = 'dataplat_api_key_changed';
/** Payload "<tenantId>": the tenant service changed a tenant's status (suspension, activation). */
export const TENANT_STATUS_CHANNEL = 'dataplat_tenant_status';

/**
 * Tenant statuses in which the tenant's users may neither log in nor call APIs
 * (docs/tenant-lifecycle.md). Read by identity (login, refresh) and the edge.
 */
export const TENANT_STATUSES_WITHOUT_ACCESS: readonly string[] = ['SUSPENDED', 'DEPROVISIONING', 'DEPROVISIONED'];
/** Payload "<sha256 of a SCIM token>": a SCIM token revoked; every edge drops it from its cache. */
export const SCIM_TOKEN_CHANNEL = 'dataplat_scim_token_changed';
/** Payload JSON `{tenantId, revision, keys, applications, truncated}`: configuration refreshed (docs/config-service.md). */
export const CONFIG_REFRESH_CHANNEL = 'dataplat_config_refresh';
/**
 * Payload "<tenantId>": the provisioning of a tenant moved (step, phase or job status). Sent by
 * the tenant service's runner on Redis pub/sub when REDIS_URL is set, else as a PostgreSQL
 * NOTIFY; heard by every edge's graphql-ws subscriptions (docs/subscriptions.md).
 */
export const PROVISIONING_CHANNEL = 'dataplat_provisioning';
/**
 * Payload "*": identity changed the permissions of a role (set, add, remove). Every edge drops
 * the permissions it cached for callers and the API keys it cached (their owners' permissions).
 */
export const PERMISSIONS_CHANNEL = 'dataplat_permissions_changed';
