/**
 * PostgreSQL NOTIFY channels by which identity tells every edge about credential changes,
 * sent in the transaction that makes the change (delivered on commit).
 */
/** Payload "<jti>|<expiresAtMs>": an access token put on the blocklist. */
export const REVOCATION_CHANNEL = 'dataplat_token_revoked';
/** Payload "<sha256 of a key>" or "user:<tenant>:<userId>": cached API keys to drop. */
export const API_KEY_CHANNEL = 'dataplat_api_key_changed';
/** Payload JSON `{tenantId, revision, keys, applications, truncated}`: configuration refreshed (docs/config-service.md). */
export const CONFIG_REFRESH_CHANNEL = 'dataplat_config_refresh';
