/**
 * The one catalogue of error codes: `DPF-<SERVICE>-<number>`, each with its HTTP status.
 * Every layer (subgraph, gateway, REST facade) maps errors through this table, and
 * docs/errors.md lists it. Add new codes at the end of their service block.
 */
export enum ErrorCode {
  // API: request handling at the edge (REST facade, gateway HTTP layer)
  VALIDATION_FAILED = 'DPF-API-001',
  MALFORMED_JSON = 'DPF-API-002',
  UNSUPPORTED_MEDIA_TYPE = 'DPF-API-003',
  ROUTE_NOT_FOUND = 'DPF-API-004',
  IDEMPOTENCY_IN_PROGRESS = 'DPF-API-005',
  IDEMPOTENCY_KEY_REUSED = 'DPF-API-006',
  RATE_LIMITED = 'DPF-API-007',
  PAYLOAD_TOO_LARGE = 'DPF-API-008',
  UPSTREAM_UNAVAILABLE = 'DPF-API-009',
  INTERNAL = 'DPF-API-010',
  TENANT_MISMATCH = 'DPF-API-011',
  TENANT_REQUIRED = 'DPF-API-012',
  NOT_FOUND = 'DPF-API-013',
  CONFLICT = 'DPF-API-014',

  // AUTH: credential validation (shared by gateway and subgraphs)
  AUTHENTICATION_REQUIRED = 'DPF-AUTH-001',
  TOKEN_EXPIRED = 'DPF-AUTH-002',
  TOKEN_BAD_SIGNATURE = 'DPF-AUTH-003',
  TOKEN_MALFORMED = 'DPF-AUTH-004',
  TOKEN_NOT_ACCESS = 'DPF-AUTH-005',
  TOKEN_NOT_REFRESH = 'DPF-AUTH-006',
  FORBIDDEN = 'DPF-AUTH-007',
  TOKEN_BAD_ISSUER = 'DPF-AUTH-008',
  TOKEN_REVOKED = 'DPF-AUTH-009',

  // IAM: identity service
  INVALID_CREDENTIALS = 'DPF-IAM-001',
  ACCOUNT_LOCKED = 'DPF-IAM-002',
  ACCOUNT_DISABLED = 'DPF-IAM-003',
  EMAIL_EXISTS = 'DPF-IAM-004',
  USER_NOT_FOUND = 'DPF-IAM-005',
  SESSION_REVOKED = 'DPF-IAM-006',
  ROLE_NOT_FOUND = 'DPF-IAM-007',
  TENANT_AMBIGUOUS = 'DPF-IAM-008',
  // IAM 009-019: authentication lifecycle (register, verification, password reset)
  EMAIL_NOT_VERIFIED = 'DPF-IAM-009',
  PASSWORD_CHANGE_REQUIRED = 'DPF-IAM-010',
  INVALID_ONE_TIME_TOKEN = 'DPF-IAM-011',
  WEAK_PASSWORD = 'DPF-IAM-012',
  // IAM 020-039: users, roles and permissions administration
  ROLE_NOT_FOUND_BY_ID = 'DPF-IAM-020',
  ROLE_NAME_EXISTS = 'DPF-IAM-021',
  SYSTEM_ROLE_PROTECTED = 'DPF-IAM-022',
  ROLE_IN_USE = 'DPF-IAM-023',
  UNKNOWN_PERMISSION = 'DPF-IAM-024',
  SELF_LOCKOUT = 'DPF-IAM-025',
  LAST_PLATFORM_ADMIN = 'DPF-IAM-026',
  CURRENT_PASSWORD_INCORRECT = 'DPF-IAM-027',
  PASSWORD_UNCHANGED = 'DPF-IAM-028',
  // IAM 040-059: sessions and devices
  SESSION_NOT_FOUND = 'DPF-IAM-040',
  DEVICE_NOT_FOUND = 'DPF-IAM-041',
  TRUSTED_DEVICE_LIMIT = 'DPF-IAM-042',
  DEVICE_BLOCKED = 'DPF-IAM-043',
  DEVICE_IS_BLOCKED = 'DPF-IAM-044',
  DEVICE_ALREADY_BLOCKED = 'DPF-IAM-045',
  // IAM 060-079: API keys and service tokens
  API_KEY_INVALID = 'DPF-IAM-060',
  API_KEY_REVOKED = 'DPF-IAM-061',
  API_KEY_EXPIRED = 'DPF-IAM-062',
  API_KEY_GRACE_ENDED = 'DPF-IAM-063',
  API_KEY_OWNER_DISABLED = 'DPF-IAM-064',
  API_KEY_IP_NOT_ALLOWED = 'DPF-IAM-065',
  API_KEY_NOT_FOUND = 'DPF-IAM-066',
  API_KEY_SCOPE_NOT_GRANTED = 'DPF-IAM-067',
  API_KEY_NOT_ROTATABLE = 'DPF-IAM-068',
  API_KEY_NEVER_ROTATED = 'DPF-IAM-069',
  API_KEY_NO_ROTATION_IN_PROGRESS = 'DPF-IAM-070',
  SERVICE_CLIENT_INVALID = 'DPF-IAM-071',
  SERVICE_SCOPE_NOT_ALLOWED = 'DPF-IAM-072',
  SERVICE_CLIENT_EXISTS = 'DPF-IAM-073',
  SERVICE_CLIENT_NOT_FOUND = 'DPF-IAM-074',
  SERVICE_TOKEN_REQUIRED = 'DPF-IAM-075',
  // IAM 080-099: multi-factor authentication
  MFA_ALREADY_CONFIGURED = 'DPF-IAM-080',
  MFA_INVALID_CODE = 'DPF-IAM-081',
  MFA_NOT_CONFIGURED = 'DPF-IAM-082',
  MFA_NOT_PENDING = 'DPF-IAM-083',
  MFA_RATE_LIMITED = 'DPF-IAM-084',
  MFA_INVALID_PHONE = 'DPF-IAM-085',
  MFA_CHALLENGE_INVALID = 'DPF-IAM-086',
  MFA_METHOD_NOT_AVAILABLE = 'DPF-IAM-087',
  MFA_REQUIRED = 'DPF-IAM-088',
  MFA_NOT_ENABLED = 'DPF-IAM-089',
  // IAM 100-119: OAuth 2.0 authorization server (RFC 6749 error codes in the comments)
  OAUTH_INVALID_REQUEST = 'DPF-IAM-100', // invalid_request
  OAUTH_INVALID_CLIENT = 'DPF-IAM-101', // invalid_client
  OAUTH_INVALID_GRANT = 'DPF-IAM-102', // invalid_grant
  OAUTH_UNAUTHORIZED_CLIENT = 'DPF-IAM-103', // unauthorized_client
  OAUTH_UNSUPPORTED_GRANT_TYPE = 'DPF-IAM-104', // unsupported_grant_type
  OAUTH_INVALID_SCOPE = 'DPF-IAM-105', // invalid_scope
  OAUTH_CLIENT_NOT_FOUND = 'DPF-IAM-106',
  OAUTH_INVALID_REDIRECT_URI = 'DPF-IAM-107', // invalid_redirect_uri (RFC 7591)
  OAUTH_INVALID_CLIENT_METADATA = 'DPF-IAM-108', // invalid_client_metadata (RFC 7591)
  OAUTH_PUBLIC_CLIENT_HAS_NO_SECRET = 'DPF-IAM-109',
  OAUTH_CONSENT_REQUIRES_USER = 'DPF-IAM-110',
  // IAM 120-139: external identity providers (OpenID Connect, SAML 2.0)
  IDP_NOT_FOUND = 'DPF-IAM-120',
  IDP_NAME_EXISTS = 'DPF-IAM-121',
  IDP_INVALID_CONFIG = 'DPF-IAM-122',
  IDP_DISABLED = 'DPF-IAM-123',
  EXTERNAL_STATE_INVALID = 'DPF-IAM-124',
  EXTERNAL_TOKEN_INVALID = 'DPF-IAM-125',
  EXTERNAL_PROVIDER_ERROR = 'DPF-IAM-126',
  EXTERNAL_EMAIL_NOT_VERIFIED = 'DPF-IAM-127',
  EXTERNAL_USER_NOT_PROVISIONED = 'DPF-IAM-128',
  SAML_RESPONSE_INVALID = 'DPF-IAM-129',
  SAML_ASSERTION_REPLAYED = 'DPF-IAM-130',
  SAML_PROVIDER_UNKNOWN = 'DPF-IAM-131',
  // IAM 140-159: SCIM 2.0 provisioning
  SCIM_TOKEN_INVALID = 'DPF-IAM-140',
  SCIM_TOKEN_REVOKED = 'DPF-IAM-141',
  SCIM_TOKEN_EXPIRED = 'DPF-IAM-142',
  SCIM_TOKEN_REQUIRED = 'DPF-IAM-143',
  SCIM_TOKEN_NOT_ALLOWED = 'DPF-IAM-144',
  SCIM_TOKEN_NOT_FOUND = 'DPF-IAM-145',
  SCIM_INVALID_FILTER = 'DPF-IAM-146',
  SCIM_UNIQUENESS = 'DPF-IAM-147',
  SCIM_INVALID_VALUE = 'DPF-IAM-148',
  SCIM_INVALID_SYNTAX = 'DPF-IAM-149',
  SCIM_NO_TARGET = 'DPF-IAM-150',
  SCIM_MUTABILITY = 'DPF-IAM-151',
  SCIM_INVALID_PATH = 'DPF-IAM-152',
  SCIM_RESOURCE_NOT_FOUND = 'DPF-IAM-153',
  SCIM_TOO_MANY = 'DPF-IAM-154',
  // TEN: tenant service
  TENANT_NOT_FOUND = 'DPF-TEN-001',
  TENANT_SLUG_EXISTS = 'DPF-TEN-002',
  TENANT_ILLEGAL_TRANSITION = 'DPF-TEN-003',
  TENANT_SUSPENDED = 'DPF-TEN-004',
  TENANT_ADMIN_NOT_CREATED = 'DPF-TEN-005',
  // TEN 020-039: provisioning workflow
  PROVISIONING_NOTHING_TO_RETRY = 'DPF-TEN-020',
  PROVISIONING_BUSY = 'DPF-TEN-021',
  PROVISIONING_NOT_FOUND = 'DPF-TEN-022',
  PROVISIONING_STEP_NOT_FOUND = 'DPF-TEN-023',
  PROVISIONING_NOTHING_TO_ROLL_BACK = 'DPF-TEN-024',
  // CFG: configuration service (properties, feature flags, marketplace)
  CONFIG_LABEL_NOT_FOUND = 'DPF-CFG-001',
  CONFIG_PROPERTY_INVALID = 'DPF-CFG-002',
  CONFIG_PLATFORM_ADMIN_ONLY = 'DPF-CFG-003',
  FEATURE_FLAG_NOT_FOUND = 'DPF-CFG-004',
  FEATURE_FLAG_EXISTS = 'DPF-CFG-005',
  FEATURE_FLAG_INVALID = 'DPF-CFG-006',
}

export interface ErrorCodeInfo {
  status: number;
  /** Used when the thrower gives no message of its own. */
  message: string;
}

export const ERROR_CATALOGUE: Record<ErrorCode, ErrorCodeInfo> = {
  [ErrorCode.VALIDATION_FAILED]: { status: 400, message: 'The request is invalid' },
  [ErrorCode.MALFORMED_JSON]: { status: 400, message: 'The request body is not valid JSON' },
  [ErrorCode.UNSUPPORTED_MEDIA_TYPE]: { status: 415, message: 'Unsupported content type; send application/json' },
  [ErrorCode.ROUTE_NOT_FOUND]: { status: 404, message: 'No such endpoint' },
  [ErrorCode.IDEMPOTENCY_IN_PROGRESS]: { status: 409, message: 'A request with this idempotency key is still in progress' },
  [ErrorCode.IDEMPOTENCY_KEY_REUSED]: { status: 422, message: 'This idempotency key was already used for a different request' },
  [ErrorCode.RATE_LIMITED]: { status: 429, message: 'Rate limit exceeded' },
  [ErrorCode.PAYLOAD_TOO_LARGE]: { status: 413, message: 'The request body is too large' },
  [ErrorCode.UPSTREAM_UNAVAILABLE]: { status: 503, message: 'A platform service is unavailable' },
  [ErrorCode.INTERNAL]: { status: 500, message: 'Internal server error' },
  [ErrorCode.TENANT_MISMATCH]: { status: 403, message: 'X-Tenant-ID does not match the tenant of the credentials' },
  [ErrorCode.TENANT_REQUIRED]: { status: 400, message: 'The X-Tenant-ID header is required' },
  [ErrorCode.NOT_FOUND]: { status: 404, message: 'Resource not found' },
  [ErrorCode.CONFLICT]: { status: 409, message: 'Conflict' },

  [ErrorCode.AUTHENTICATION_REQUIRED]: { status: 401, message: 'Authentication required' },
  [ErrorCode.TOKEN_EXPIRED]: { status: 401, message: 'Token has expired' },
  [ErrorCode.TOKEN_BAD_SIGNATURE]: { status: 401, message: 'Invalid token signature' },
  [ErrorCode.TOKEN_MALFORMED]: { status: 401, message: 'Malformed token' },
  [ErrorCode.TOKEN_NOT_ACCESS]: { status: 401, message: 'Token is not an access token' },
  [ErrorCode.TOKEN_NOT_REFRESH]: { status: 401, message: 'Token is not a refresh token' },
  [ErrorCode.FORBIDDEN]: { status: 403, message: 'Insufficient permissions' },
  [ErrorCode.TOKEN_BAD_ISSUER]: { status: 401, message: 'Invalid token issuer' },
  [ErrorCode.TOKEN_REVOKED]: { status: 401, message: 'Token has been revoked' },

  [ErrorCode.INVALID_CREDENTIALS]: { status: 401, message: 'Invalid e-mail or password' },
  [ErrorCode.ACCOUNT_LOCKED]: { status: 423, message: 'Account is temporarily locked after repeated failed logins' },
  [ErrorCode.ACCOUNT_DISABLED]: { status: 403, message: 'Account is disabled' },
  [ErrorCode.EMAIL_EXISTS]: { status: 400, message: 'A user with this e-mail already exists' },
  [ErrorCode.USER_NOT_FOUND]: { status: 404, message: 'User not found' },
  [ErrorCode.SESSION_REVOKED]: { status: 401, message: 'Session has been revoked or has expired' },
  [ErrorCode.ROLE_NOT_FOUND]: { status: 400, message: 'Unknown role id' },
  [ErrorCode.TENANT_AMBIGUOUS]: { status: 400, message: 'This e-mail belongs to several tenants; send tenantSlug' },
  // IAM 009-019: authentication lifecycle
  [ErrorCode.EMAIL_NOT_VERIFIED]: { status: 403, message: 'E-mail address not verified: use the code sent at registration' },
  [ErrorCode.PASSWORD_CHANGE_REQUIRED]: { status: 403, message: 'Password change required: change the temporary password first' },
  [ErrorCode.INVALID_ONE_TIME_TOKEN]: { status: 400, message: 'The code is invalid, expired or already used' },
  [ErrorCode.WEAK_PASSWORD]: { status: 400, message: 'The password does not meet the password policy' },
  // IAM 020-039: users, roles and permissions administration
  [ErrorCode.ROLE_NOT_FOUND_BY_ID]: { status: 404, message: 'Role not found' },
  [ErrorCode.ROLE_NAME_EXISTS]: { status: 409, message: 'A role with this name already exists' },
  [ErrorCode.SYSTEM_ROLE_PROTECTED]: { status: 400, message: 'System roles cannot be deleted or renamed' },
  [ErrorCode.ROLE_IN_USE]: { status: 409, message: 'The role is still assigned to users: remove it from them first' },
  [ErrorCode.UNKNOWN_PERMISSION]: { status: 400, message: 'Unknown permission id' },
  [ErrorCode.SELF_LOCKOUT]: { status: 400, message: 'You cannot disable, delete or demote your own account' },
  [ErrorCode.LAST_PLATFORM_ADMIN]: { status: 409, message: 'The last platform administrator cannot be removed' },
  [ErrorCode.CURRENT_PASSWORD_INCORRECT]: { status: 400, message: 'The current password is incorrect' },
  [ErrorCode.PASSWORD_UNCHANGED]: { status: 400, message: 'The new password must differ from the current one' },
  // IAM 040-059: sessions and devices
  [ErrorCode.SESSION_NOT_FOUND]: { status: 404, message: 'Session not found' },
  [ErrorCode.DEVICE_NOT_FOUND]: { status: 404, message: 'Device not found' },
  [ErrorCode.TRUSTED_DEVICE_LIMIT]: { status: 400, message: 'The maximum number of trusted devices is reached: untrust another device first' },
  [ErrorCode.DEVICE_BLOCKED]: { status: 403, message: 'Sign-in from this device is blocked' },
  [ErrorCode.DEVICE_IS_BLOCKED]: { status: 409, message: 'The device is blocked: unblock it first' },
  [ErrorCode.DEVICE_ALREADY_BLOCKED]: { status: 409, message: 'The device is already blocked' },
  // IAM 060-079: API keys and service tokens
  [ErrorCode.API_KEY_INVALID]: { status: 401, message: 'Invalid API key' },
  [ErrorCode.API_KEY_REVOKED]: { status: 401, message: 'API key has been revoked' },
  [ErrorCode.API_KEY_EXPIRED]: { status: 401, message: 'API key has expired' },
  [ErrorCode.API_KEY_GRACE_ENDED]: { status: 401, message: 'API key was replaced by a rotation and its grace period has ended' },
  [ErrorCode.API_KEY_OWNER_DISABLED]: { status: 401, message: 'The account owning this API key is disabled' },
  [ErrorCode.API_KEY_IP_NOT_ALLOWED]: { status: 403, message: "The client address is not in the API key's IP allow-list" },
  [ErrorCode.API_KEY_NOT_FOUND]: { status: 404, message: 'API key not found' },
  [ErrorCode.API_KEY_SCOPE_NOT_GRANTED]: { status: 400, message: 'An API key cannot hold scopes its owner does not have' },
  [ErrorCode.API_KEY_NOT_ROTATABLE]: { status: 409, message: 'Only an active API key outside a rotation in progress can be rotated' },
  [ErrorCode.API_KEY_NEVER_ROTATED]: { status: 404, message: 'This API key has never been rotated' },
  [ErrorCode.API_KEY_NO_ROTATION_IN_PROGRESS]: { status: 409, message: 'No rotation of this API key is in progress' },
  [ErrorCode.SERVICE_CLIENT_INVALID]: { status: 401, message: 'Invalid client credentials' },
  [ErrorCode.SERVICE_SCOPE_NOT_ALLOWED]: { status: 400, message: 'The requested scope is not allowed for this client' },
  [ErrorCode.SERVICE_CLIENT_EXISTS]: { status: 409, message: 'A service client with this id already exists' },
  [ErrorCode.SERVICE_CLIENT_NOT_FOUND]: { status: 404, message: 'Service client not found' },
  [ErrorCode.OAUTH_INVALID_REQUEST]: { status: 400, message: 'The OAuth request is missing a parameter, repeats one or is otherwise malformed' },
  [ErrorCode.OAUTH_INVALID_CLIENT]: { status: 401, message: 'Client authentication failed' },
  [ErrorCode.OAUTH_INVALID_GRANT]: { status: 400, message: 'The authorization grant or refresh token is invalid, expired, revoked or was issued to another client' },
  [ErrorCode.OAUTH_UNAUTHORIZED_CLIENT]: { status: 400, message: 'The client is not authorized to use this grant type' },
  [ErrorCode.OAUTH_UNSUPPORTED_GRANT_TYPE]: { status: 400, message: 'The grant type is not supported' },
  [ErrorCode.OAUTH_INVALID_SCOPE]: { status: 400, message: 'The requested scope is invalid, unknown or exceeds what may be granted' },
  [ErrorCode.OAUTH_CLIENT_NOT_FOUND]: { status: 404, message: 'OAuth client not found' },
  [ErrorCode.OAUTH_INVALID_REDIRECT_URI]: { status: 400, message: 'The redirect URI is invalid or not registered for this client' },
  [ErrorCode.OAUTH_INVALID_CLIENT_METADATA]: { status: 400, message: 'The client metadata is invalid' },
  [ErrorCode.OAUTH_PUBLIC_CLIENT_HAS_NO_SECRET]: { status: 400, message: 'A public client has no secret to regenerate' },
  [ErrorCode.OAUTH_CONSENT_REQUIRES_USER]: { status: 403, message: 'Authorization needs a signed-in user: present an access token from a login' },
  [ErrorCode.SERVICE_TOKEN_REQUIRED]: { status: 401, message: 'Token is not a service token' },
  // IAM 080-099: multi-factor authentication
  [ErrorCode.MFA_ALREADY_CONFIGURED]: { status: 400, message: 'This MFA method is already configured' },
  [ErrorCode.MFA_INVALID_CODE]: { status: 400, message: 'The MFA code is invalid or has expired' },
  [ErrorCode.MFA_NOT_CONFIGURED]: { status: 404, message: 'This MFA method is not configured' },
  [ErrorCode.MFA_NOT_PENDING]: { status: 409, message: 'No enrollment of this MFA method is pending: enroll first' },
  [ErrorCode.MFA_RATE_LIMITED]: { status: 429, message: 'Too many codes requested: try again later' },
  [ErrorCode.MFA_INVALID_PHONE]: { status: 400, message: 'The phone number is not a valid E.164 number' },
  [ErrorCode.MFA_CHALLENGE_INVALID]: { status: 401, message: 'The MFA challenge is invalid, expired or already used: log in again' },
  [ErrorCode.MFA_METHOD_NOT_AVAILABLE]: { status: 400, message: 'This method is not available for this MFA challenge' },
  [ErrorCode.MFA_REQUIRED]: { status: 403, message: 'This operation requires a login completed with MFA' },
  [ErrorCode.MFA_NOT_ENABLED]: { status: 400, message: 'MFA is not enabled: enroll a method first' },
  // IAM 120-139: external identity providers (OpenID Connect, SAML 2.0)
  [ErrorCode.IDP_NOT_FOUND]: { status: 404, message: 'Identity provider not found' },
  [ErrorCode.IDP_NAME_EXISTS]: { status: 409, message: 'An identity provider with this name already exists' },
  [ErrorCode.IDP_INVALID_CONFIG]: { status: 400, message: 'Invalid identity provider configuration' },
  [ErrorCode.IDP_DISABLED]: { status: 403, message: 'This identity provider is disabled' },
  [ErrorCode.EXTERNAL_STATE_INVALID]: { status: 400, message: 'The sign-in state is invalid, expired or already used' },
  [ErrorCode.EXTERNAL_TOKEN_INVALID]: { status: 401, message: "The identity provider's ID token could not be verified" },
  [ErrorCode.EXTERNAL_PROVIDER_ERROR]: { status: 502, message: 'The identity provider refused or failed the sign-in' },
  [ErrorCode.EXTERNAL_EMAIL_NOT_VERIFIED]: { status: 403, message: 'The identity provider did not assert a verified e-mail address' },
  [ErrorCode.EXTERNAL_USER_NOT_PROVISIONED]: { status: 403, message: 'No account matches this identity and just-in-time provisioning is off' },
  [ErrorCode.SAML_RESPONSE_INVALID]: { status: 401, message: 'The SAML response is invalid' },
  [ErrorCode.SAML_ASSERTION_REPLAYED]: { status: 401, message: 'This SAML assertion was already used' },
  [ErrorCode.SAML_PROVIDER_UNKNOWN]: { status: 401, message: 'No SAML identity provider matches this response' },
  // IAM 140-159: SCIM 2.0 provisioning
  [ErrorCode.SCIM_TOKEN_INVALID]: { status: 401, message: 'Invalid SCIM token' },
  [ErrorCode.SCIM_TOKEN_REVOKED]: { status: 401, message: 'SCIM token has been revoked' },
  [ErrorCode.SCIM_TOKEN_EXPIRED]: { status: 401, message: 'SCIM token has expired' },
  [ErrorCode.SCIM_TOKEN_REQUIRED]: { status: 401, message: 'This endpoint requires a SCIM bearer token' },
  [ErrorCode.SCIM_TOKEN_NOT_ALLOWED]: { status: 401, message: 'A SCIM token is accepted only by the SCIM endpoints' },
  [ErrorCode.SCIM_TOKEN_NOT_FOUND]: { status: 404, message: 'SCIM token not found' },
  [ErrorCode.SCIM_INVALID_FILTER]: { status: 400, message: 'The filter is invalid or not supported' },
  [ErrorCode.SCIM_UNIQUENESS]: { status: 409, message: 'A resource with this unique attribute value already exists' },
  [ErrorCode.SCIM_INVALID_VALUE]: { status: 400, message: 'An attribute value is invalid' },
  [ErrorCode.SCIM_INVALID_SYNTAX]: { status: 400, message: 'The request is not a valid SCIM message' },
  [ErrorCode.SCIM_NO_TARGET]: { status: 400, message: 'The path matched no value' },
  [ErrorCode.SCIM_MUTABILITY]: { status: 400, message: 'The attribute is read-only' },
  [ErrorCode.SCIM_INVALID_PATH]: { status: 400, message: 'The path is invalid' },
  [ErrorCode.SCIM_RESOURCE_NOT_FOUND]: { status: 404, message: 'Resource not found' },
  [ErrorCode.SCIM_TOO_MANY]: { status: 400, message: 'The request holds too many operations' },
  // TEN: tenant service
  [ErrorCode.TENANT_NOT_FOUND]: { status: 404, message: 'Tenant not found' },
  [ErrorCode.TENANT_SLUG_EXISTS]: { status: 409, message: 'A tenant with this slug already exists' },
  [ErrorCode.TENANT_ILLEGAL_TRANSITION]: { status: 409, message: 'The tenant cannot make this status change from its current status' },
  [ErrorCode.TENANT_SUSPENDED]: { status: 403, message: 'The tenant is suspended' },
  [ErrorCode.TENANT_ADMIN_NOT_CREATED]: { status: 502, message: 'The first administrator of the tenant could not be created in identity' },
  [ErrorCode.PROVISIONING_NOTHING_TO_RETRY]: { status: 400, message: 'No provisioning step has failed: there is nothing to retry' },
  [ErrorCode.PROVISIONING_BUSY]: { status: 409, message: 'Provisioning of this tenant is still running' },
  [ErrorCode.PROVISIONING_NOT_FOUND]: { status: 404, message: 'This tenant has no provisioning record' },
  [ErrorCode.PROVISIONING_STEP_NOT_FOUND]: { status: 404, message: 'Provisioning step not found' },
  [ErrorCode.PROVISIONING_NOTHING_TO_ROLL_BACK]: { status: 409, message: 'The provisioning of this tenant is already rolled back' },
  // CFG: configuration service
  [ErrorCode.CONFIG_LABEL_NOT_FOUND]: { status: 404, message: 'Configuration label not found' },
  [ErrorCode.CONFIG_PROPERTY_INVALID]: { status: 400, message: 'Invalid configuration property' },
  [ErrorCode.CONFIG_PLATFORM_ADMIN_ONLY]: { status: 403, message: 'Platform-wide configuration is changed by platform administrators only' },
  [ErrorCode.FEATURE_FLAG_NOT_FOUND]: { status: 404, message: 'Feature flag not found' },
  [ErrorCode.FEATURE_FLAG_EXISTS]: { status: 409, message: 'A feature flag with this key already exists' },
  [ErrorCode.FEATURE_FLAG_INVALID]: { status: 400, message: 'Invalid feature flag definition' },
};

const BY_CODE = new Map<string, ErrorCodeInfo>(Object.entries(ERROR_CATALOGUE));

/** HTTP status for a catalogue code; 500 for anything unknown. */
export function statusOf(code: string | undefined): number {
  return (code && BY_CODE.get(code)?.status) || 500;
}

export function isCatalogued(code: unknown): code is ErrorCode {
  return typeof code === 'string' && BY_CODE.has(code);
}
