import { defineErrors } from '@dataplat/kit';

/**
 * The identity service's error codes (`DPF-IAM-*`), in ranges of twenty per area. Kit declares
 * DPF-IAM-010 and -088 (its auth checker raises them in every subgraph).
 * A new code takes the next number (of its range, where there are ranges), never a used one;
 * then `npm run docs:errors` regenerates docs/errors.md.
 */
export const IdentityError = defineErrors('IAM', {
  INVALID_CREDENTIALS: {
    number: 1, status: 401, message: 'Invalid e-mail or password',
    when: 'Login with an unknown e-mail, a wrong password, or a `tenantSlug` that matches no account',
  },
  ACCOUNT_LOCKED: {
    number: 2, status: 423, message: 'Account is temporarily locked after repeated failed logins',
    when: 'Login to a locked account, whatever the password; an own password change (`POST /users/me/password`) while the account is locked',
  },
  ACCOUNT_DISABLED: {
    number: 3, status: 403, message: 'Account is disabled',
    when: 'Login with the correct password to a disabled account, or a refresh for a disabled user',
  },
  EMAIL_EXISTS: {
    number: 4, status: 400, message: 'A user with this e-mail already exists',
    when: "Creating a user, or changing a user's e-mail (`PUT /users/{userId}`), to an e-mail that already exists in the tenant. (Registration answers such an address with 202, like a new one.)",
  },
  USER_NOT_FOUND: {
    number: 5, status: 404, message: 'User not found',
    when: "No user with this id in the acting tenant (a non-UUID id never matches), or the caller's own account no longer exists",
  },
  SESSION_REVOKED: {
    number: 6, status: 401, message: 'Session has been revoked or has expired',
    when: 'A refresh token whose session is unknown, revoked or expired, or whose user no longer exists',
  },
  ROLE_NOT_FOUND: {
    number: 7, status: 400, message: 'Unknown role id',
    when: "`roleIds` (create user, replace or add a user's roles) contains ids that aren't visible to the tenant (message `Unknown role id(s): …`, `details: {roleIds}`)",
  },
  TENANT_AMBIGUOUS: {
    number: 8, status: 400, message: 'This e-mail belongs to several tenants; send tenantSlug',
    when: 'Login without `tenantSlug` for an e-mail that exists in more than one tenant',
  },
  // 009-019: authentication lifecycle (register, verification, password reset)
  EMAIL_NOT_VERIFIED: {
    number: 9, status: 403, message: 'E-mail address not verified: use the code sent at registration',
    when: "Login with the correct password to an enabled account whose e-mail isn't verified yet (a self-registered account before `verify-email`)",
  },
  INVALID_ONE_TIME_TOKEN: {
    number: 11, status: 400, message: 'The code is invalid, expired or already used',
    when: '`verify-email` or `reset-password` with a code that is unknown, already used or expired',
  },
  WEAK_PASSWORD: {
    number: 12, status: 400, message: 'The password does not meet the password policy',
    when: 'Defined, but nothing raises it yet: password length (12 to 128 characters) is checked by input validation, `DPF-API-001`',
  },
  // 020-039: users, roles and permissions administration
  ROLE_NOT_FOUND_BY_ID: {
    number: 20, status: 404, message: 'Role not found',
    when: "A `roleId` in the path that isn't visible in the acting tenant: the `/roles/{roleId}` routes and `DELETE /users/{userId}/roles/{roleId}`",
  },
  ROLE_NAME_EXISTS: {
    number: 21, status: 409, message: 'A role with this name already exists',
    when: 'Creating or renaming a role to a name that a visible role has, in any case, or to a reserved name (`ADMIN`, `PLATFORM_ADMIN`, `USER`, `VIEWER`, `AUDITOR`, `TENANT_ADMIN`, `SERVICE`); `details: {name}`',
  },
  SYSTEM_ROLE_PROTECTED: {
    number: 22, status: 400, message: 'System roles cannot be deleted or renamed',
    when: 'Deleting or renaming a system role, even as a platform admin',
  },
  ROLE_IN_USE: {
    number: 23, status: 409, message: 'The role is still assigned to users: remove it from them first',
    when: 'Deleting a custom role that users still hold',
  },
  UNKNOWN_PERMISSION: {
    number: 24, status: 400, message: 'Unknown permission id',
    when: "`permissionIds` (create role, replace, add or remove a role's permissions) contains ids that aren't permissions (message `Unknown permission id(s): …`, `details: {permissionIds}`)",
  },
  SELF_LOCKOUT: {
    number: 25, status: 400, message: 'You cannot disable, delete or demote your own account',
    when: 'Disabling or deleting the own account, or a role change that takes `ADMIN` or `PLATFORM_ADMIN` from the own account (`details: {roles}`)',
  },
  LAST_PLATFORM_ADMIN: {
    number: 26, status: 409, message: 'The last platform administrator cannot be removed',
    when: 'Disable, delete or a role replace/remove that would leave no enabled `PLATFORM_ADMIN` on the platform',
  },
  CURRENT_PASSWORD_INCORRECT: {
    number: 27, status: 400, message: 'The current password is incorrect',
    when: 'Own password change with a wrong `currentPassword`; it counts as a failed login',
  },
  PASSWORD_UNCHANGED: {
    number: 28, status: 400, message: 'The new password must differ from the current one',
    when: 'Own password change with `newPassword` equal to `currentPassword`',
  },
  // 040-059: sessions and devices
  SESSION_NOT_FOUND: {
    number: 40, status: 404, message: 'Session not found',
    when: "Revoking a session id that isn't one of the caller's sessions",
  },
  DEVICE_NOT_FOUND: {
    number: 41, status: 404, message: 'Device not found',
    when: "A `deviceId` that isn't one of the caller's devices (trust, untrust, rename, block, unblock, remove)",
  },
  TRUSTED_DEVICE_LIMIT: {
    number: 42, status: 400, message: 'The maximum number of trusted devices is reached: untrust another device first',
    when: 'Trusting a device when the caller already has `MAX_TRUSTED_DEVICES` trusted devices (`details: {maxTrustedDevices}`)',
  },
  DEVICE_BLOCKED: {
    number: 43, status: 403, message: 'Sign-in from this device is blocked',
    when: 'Login with the correct password from a device fingerprint (`deviceFingerprint` or `X-Device-Fingerprint`) that the user has blocked',
  },
  DEVICE_IS_BLOCKED: {
    number: 44, status: 409, message: 'The device is blocked: unblock it first',
    when: 'Trusting or removing a blocked device',
  },
  DEVICE_ALREADY_BLOCKED: {
    number: 45, status: 409, message: 'The device is already blocked',
    when: "Blocking a device that is blocked already (the first block's time and reason are kept)",
  },
  // 060-079: API keys and service tokens
  API_KEY_INVALID: {
    number: 60, status: 401, message: 'Invalid API key',
    when: "An `X-API-Key` that doesn't have the key format or matches no key",
  },
  API_KEY_REVOKED: {
    number: 61, status: 401, message: 'API key has been revoked',
    when: 'An `X-API-Key` that was revoked',
  },
  API_KEY_EXPIRED: {
    number: 62, status: 401, message: 'API key has expired',
    when: 'An `X-API-Key` past its `expiresAt`',
  },
  API_KEY_GRACE_ENDED: {
    number: 63, status: 401, message: 'API key was replaced by a rotation and its grace period has ended',
    when: 'The old key of a rotation, used after `graceEndsAt`',
  },
  API_KEY_OWNER_DISABLED: {
    number: 64, status: 401, message: 'The account owning this API key is disabled',
    when: 'An `X-API-Key` whose owner is disabled',
  },
  API_KEY_IP_NOT_ALLOWED: {
    number: 65, status: 403, message: "The client address is not in the API key's IP allow-list",
    when: 'An `X-API-Key` used from an address outside its `ipWhitelist` (`details: {ip}`)',
  },
  API_KEY_NOT_FOUND: {
    number: 66, status: 404, message: 'API key not found',
    when: "A `keyId` that isn't one of the caller's own keys (another user's key included)",
  },
  API_KEY_SCOPE_NOT_GRANTED: {
    number: 67, status: 400, message: 'An API key cannot hold scopes its owner does not have',
    when: "Creating or rotating a key with scopes the owner's roles don't grant, or, when a key calls, that the calling key doesn't hold (`details: {scopes}`)",
  },
  API_KEY_NOT_ROTATABLE: {
    number: 68, status: 409, message: 'Only an active API key outside a rotation in progress can be rotated',
    when: 'Rotating a revoked, expired or already rotating key, or the new key of a rotation still in progress',
  },
  API_KEY_NEVER_ROTATED: {
    number: 69, status: 404, message: 'This API key has never been rotated',
    when: '`rotation-status` of a key that took part in no rotation',
  },
  API_KEY_NO_ROTATION_IN_PROGRESS: {
    number: 70, status: 409, message: 'No rotation of this API key is in progress',
    when: '`rotation/complete` for a key with no rotation in progress',
  },
  SERVICE_CLIENT_INVALID: {
    number: 71, status: 401, message: 'Invalid client credentials',
    when: '`POST /auth/service-token` with an unknown client id, a wrong secret or a disabled client (one answer for all three)',
  },
  SERVICE_SCOPE_NOT_ALLOWED: {
    number: 72, status: 400, message: 'The requested scope is not allowed for this client',
    when: "`POST /auth/service-token` asking for a scope the client doesn't have (`details: {scope}`)",
  },
  SERVICE_CLIENT_EXISTS: {
    number: 73, status: 409, message: 'A service client with this id already exists',
    when: 'Registering a service client under an id that is taken',
  },
  SERVICE_CLIENT_NOT_FOUND: {
    number: 74, status: 404, message: 'Service client not found',
    when: 'A `clientId` that matches no service client (read, rotate secret, delete)',
  },
  SERVICE_TOKEN_REQUIRED: {
    number: 75, status: 401, message: 'Token is not a service token',
    when: "Anything but a service token on a REST route with `auth: 'service_token'`, or on `serviceWhoAmI`",
  },
  // 080-099: multi-factor authentication
  MFA_ALREADY_CONFIGURED: {
    number: 80, status: 400, message: 'This MFA method is already configured',
    when: 'Enrolling (`/mfa/totp/enroll`, `/mfa/sms/enroll`, `/mfa/email/enroll`, `/auth/mfa/setup`), verifying or resending for a method that is already ACTIVE ([identity-mfa.md](identity-mfa.md))',
  },
  MFA_INVALID_CODE: {
    number: 81, status: 400, message: 'The MFA code is invalid or has expired',
    when: 'A wrong, expired, already used or replayed code: enrollment verify, or a login challenge (then `details: {attemptsRemaining}`); a used or unknown backup code',
  },
  MFA_NOT_CONFIGURED: {
    number: 82, status: 404, message: 'This MFA method is not configured',
    when: 'Disabling a method (or all MFA, `DELETE /auth/mfa/disable`) that is not configured',
  },
  MFA_NOT_PENDING: {
    number: 83, status: 409, message: 'No enrollment of this MFA method is pending: enroll first',
    when: 'Verify or resend without a pending enrollment',
  },
  MFA_RATE_LIMITED: {
    number: 84, status: 429, message: 'Too many codes requested: try again later',
    when: 'SMS or e-mail enroll/resend over the limit (one code per 60 s, five per hour); `details: {retryAfterSeconds}` and the `Retry-After` header',
  },
  MFA_INVALID_PHONE: {
    number: 85, status: 400, message: 'The phone number is not a valid E.164 number',
    when: 'SMS enrollment with a number that is not E.164 or not valid for its country (`details: {field}`)',
  },
  MFA_CHALLENGE_INVALID: {
    number: 86, status: 401, message: 'The MFA challenge is invalid, expired or already used: log in again',
    when: 'A `challengeId` that is unknown, expired (5 minutes), already used, or dead after 5 wrong codes',
  },
  MFA_METHOD_NOT_AVAILABLE: {
    number: 87, status: 400, message: 'This method is not available for this MFA challenge',
    when: 'A method the challenge did not offer (`details: {availableMethods}`)',
  },
  MFA_NOT_ENABLED: {
    number: 89, status: 400, message: 'MFA is not enabled: enroll a method first',
    when: 'Regenerating backup codes with no ACTIVE method',
  },
  // 100-119: OAuth 2.0 authorization server (RFC 6749 error codes in the comments)
  OAUTH_INVALID_REQUEST: { // invalid_request
    number: 100, status: 400, message: 'The OAuth request is missing a parameter, repeats one or is otherwise malformed',
    when: 'OAuth `invalid_request`: a missing `grant_type`, `code`, `refresh_token` or `client_id` (at `/authorize`, where a missing or unknown `client_id` is answered in the envelope, never redirected), two client authentication methods at once, or malformed PKCE parameters ([identity-oauth.md](identity-oauth.md))',
  },
  OAUTH_INVALID_CLIENT: { // invalid_client
    number: 101, status: 401, message: 'Client authentication failed',
    when: 'OAuth `invalid_client` at the token, introspection and revocation endpoints: unknown client, wrong secret, an authentication method other than the registered one, or no credentials. Sent as `{error, error_description}`: 401 with `WWW-Authenticate: Basic` when Basic was used or nothing was sent, else 400',
  },
  OAUTH_INVALID_GRANT: { // invalid_grant
    number: 102, status: 400, message: 'The authorization grant or refresh token is invalid, expired, revoked or was issued to another client',
    when: "OAuth `invalid_grant`: unknown, expired or reused code or refresh token (a reuse also revokes its whole grant), a `redirect_uri` or `code_verifier` that doesn't match, or a grant whose user is disabled",
  },
  OAUTH_UNAUTHORIZED_CLIENT: { // unauthorized_client
    number: 103, status: 400, message: 'The client is not authorized to use this grant type',
    when: 'OAuth `unauthorized_client`: a grant type the client did not register',
  },
  OAUTH_UNSUPPORTED_GRANT_TYPE: { // unsupported_grant_type
    number: 104, status: 400, message: 'The grant type is not supported',
    when: 'OAuth `unsupported_grant_type` (anything but `authorization_code`, `client_credentials`, `refresh_token`)',
  },
  OAUTH_INVALID_SCOPE: { // invalid_scope
    number: 105, status: 400, message: 'The requested scope is invalid, unknown or exceeds what may be granted',
    when: "OAuth `invalid_scope`: a scope beyond the client's, beyond the original grant on refresh, or none the user holds",
  },
  OAUTH_CLIENT_NOT_FOUND: {
    number: 106, status: 404, message: 'OAuth client not found',
    when: 'An OAuth client id that matches no client of the acting tenant (read, regenerate secret, delete)',
  },
  OAUTH_INVALID_REDIRECT_URI: { // invalid_redirect_uri (RFC 7591)
    number: 107, status: 400, message: 'The redirect URI is invalid or not registered for this client',
    when: 'Registration: a redirect URI that is not absolute, has a fragment, or is neither https nor loopback http (`details: {error: "invalid_redirect_uri"}`); `/authorize`: a `redirect_uri` that is not registered, or none named while several are (never redirected)',
  },
  OAUTH_INVALID_CLIENT_METADATA: { // invalid_client_metadata (RFC 7591)
    number: 108, status: 400, message: 'The client metadata is invalid',
    when: 'Registration: an unknown grant type, response type or `token_endpoint_auth_method`, a public client with `client_credentials`, or a scope that is malformed or not held by the administrator (`details: {error: "invalid_client_metadata", field}`)',
  },
  OAUTH_PUBLIC_CLIENT_HAS_NO_SECRET: {
    number: 109, status: 400, message: 'A public client has no secret to regenerate',
    when: '`regenerate-secret` on a client registered with `token_endpoint_auth_method: none`',
  },
  OAUTH_CONSENT_REQUIRES_USER: {
    number: 110, status: 403, message: 'Authorization needs a signed-in user: present an access token from a login',
    when: '`/authorize` with an API key or an access token issued to an OAuth client',
  },
  // 120-139: external identity providers (OpenID Connect, SAML 2.0)
  IDP_NOT_FOUND: {
    number: 120, status: 404, message: 'Identity provider not found',
    when: "A provider id that matches no provider of the caller's tenant (update, delete), or no provider at all (`/auth/oauth2/authorize/{provider}`, `/auth/oauth2/callback/{provider}`)",
  },
  IDP_NAME_EXISTS: {
    number: 121, status: 409, message: 'An identity provider with this name already exists',
    when: 'Creating or renaming a provider to a name already used in the tenant (any case)',
  },
  IDP_INVALID_CONFIG: {
    number: 122, status: 400, message: 'Invalid identity provider configuration',
    when: "A provider body that doesn't fit its kind (`details: {field, reason}`): OIDC without `issuer`, `clientId` or `clientSecret`, an issuer or SSO URL that isn't https (plain http to loopback only outside production), an unknown `defaultRole`; SAML without `idpEntityId`, `ssoUrl` or a parseable PEM certificate; an IdP entity id already configured in the tenant. Also an OIDC provider whose discovery document can't be read at sign-in (`details: {reason}`)",
  },
  IDP_DISABLED: {
    number: 123, status: 403, message: 'This identity provider is disabled',
    when: 'Sign-in through a provider with `enabled: false` (OIDC authorize or callback, SAML ACS)',
  },
  EXTERNAL_STATE_INVALID: {
    number: 124, status: 400, message: 'The sign-in state is invalid, expired or already used',
    when: '`POST /auth/oauth2/callback/{provider}` with a `state` never issued for this provider, older than 10 minutes, or already consumed',
  },
  EXTERNAL_TOKEN_INVALID: {
    number: 125, status: 401, message: "The identity provider's ID token could not be verified",
    when: "The ID token's signature (provider JWKS), `iss`, `aud`, `exp` or `nonce` doesn't verify, or the token response has no ID token (`details: {reason}`)",
  },
  EXTERNAL_PROVIDER_ERROR: {
    number: 126, status: 502, message: 'The identity provider refused or failed the sign-in',
    when: "The callback carries `error` from the provider, or the token endpoint refuses the code or can't be reached (`details: {error}`)",
  },
  EXTERNAL_EMAIL_NOT_VERIFIED: {
    number: 127, status: 403, message: 'The identity provider did not assert a verified e-mail address',
    when: 'OIDC sign-in whose ID token (or userinfo) lacks `email` or has `email_verified` not `true`; SAML sign-in whose assertion carries no e-mail',
  },
  EXTERNAL_USER_NOT_PROVISIONED: {
    number: 128, status: 403, message: 'No account matches this identity and just-in-time provisioning is off',
    when: 'An external identity with no linked user, no user with the same e-mail in the tenant, and `jitProvisioning: false`',
  },
  SAML_RESPONSE_INVALID: {
    number: 129, status: 401, message: 'The SAML response is invalid',
    when: '`POST /auth/saml/acs`: no valid signature by a configured IdP certificate on the response or the assertion (tampered, wrapped, unsigned), wrong audience, `Recipient` or `Destination` other than our ACS, outside `NotBefore`/`NotOnOrAfter` (60 s skew), a non-success status, or not a SAML response at all (`details: {reason}`)',
  },
  SAML_ASSERTION_REPLAYED: {
    number: 130, status: 401, message: 'This SAML assertion was already used',
    when: 'A SAML assertion whose ID was already accepted (replay)',
  },
  SAML_PROVIDER_UNKNOWN: {
    number: 131, status: 401, message: 'No SAML identity provider matches this response',
    when: "The response's `Issuer` matches no enabled SAML provider, or several tenants configure it and `RelayState` doesn't name one of them",
  },
  // 140-159: SCIM 2.0 provisioning
  SCIM_TOKEN_INVALID: {
    number: 140, status: 401, message: 'Invalid SCIM token',
    when: 'A `dps_scim_` bearer token that is malformed or unknown ([identity-scim.md](identity-scim.md))',
  },
  SCIM_TOKEN_REVOKED: {
    number: 141, status: 401, message: 'SCIM token has been revoked',
    when: 'A revoked SCIM token',
  },
  SCIM_TOKEN_EXPIRED: {
    number: 142, status: 401, message: 'SCIM token has expired',
    when: 'A SCIM token past its `expiresAt`',
  },
  SCIM_TOKEN_REQUIRED: {
    number: 143, status: 401, message: 'This endpoint requires a SCIM bearer token',
    when: "An access token, API key or service token on a SCIM route (`auth: 'scim_bearer'`)",
  },
  SCIM_TOKEN_NOT_ALLOWED: {
    number: 144, status: 401, message: 'A SCIM token is accepted only by the SCIM endpoints',
    when: 'A SCIM token on any other route or on `/graphql`',
  },
  SCIM_TOKEN_NOT_FOUND: {
    number: 145, status: 404, message: 'SCIM token not found',
    when: 'Revoking a SCIM token id the tenant does not have',
  },
  SCIM_INVALID_FILTER: {
    number: 146, status: 400, message: 'The filter is invalid or not supported',
    when: 'SCIM `filter` that does not parse, or names an attribute or operator not supported (`scimType` `invalidFilter`)',
  },
  SCIM_UNIQUENESS: {
    number: 147, status: 409, message: 'A resource with this unique attribute value already exists',
    when: 'SCIM create or update with a taken `userName`, `externalId` or group `displayName` (`uniqueness`)',
  },
  SCIM_INVALID_VALUE: {
    number: 148, status: 400, message: 'An attribute value is invalid',
    when: 'A SCIM attribute missing or of the wrong type or form (`invalidValue`)',
  },
  SCIM_INVALID_SYNTAX: {
    number: 149, status: 400, message: 'The request is not a valid SCIM message',
    when: 'A SCIM body without the right `schemas`, or a PATCH operation that is not `add`, `replace` or `remove` (`invalidSyntax`)',
  },
  SCIM_NO_TARGET: {
    number: 150, status: 400, message: 'The path matched no value',
    when: 'A PATCH `replace` whose value filter matched nothing it can create, or `remove` without a path (`noTarget`)',
  },
  SCIM_MUTABILITY: {
    number: 151, status: 400, message: 'The attribute is read-only',
    when: "A SCIM write that changes `id`, `meta` or a user's `groups` (`mutability`)",
  },
  SCIM_INVALID_PATH: {
    number: 152, status: 400, message: 'The path is invalid',
    when: 'A PATCH `path` that does not parse or names an unknown attribute (`invalidPath`)',
  },
  SCIM_RESOURCE_NOT_FOUND: {
    number: 153, status: 404, message: 'Resource not found',
    when: "A SCIM user or group id that the token's tenant does not have",
  },
  SCIM_TOO_MANY: {
    number: 154, status: 400, message: 'The request holds too many operations',
    when: 'A SCIM PATCH with more than 1000 operations (`tooMany`)',
  },
}, {
  title: 'identity service',
  source: 'subgraphs/identity/src/errors.ts',
  notes:
    'Ranges: 001-019 login and the authentication lifecycle: registration, verification, password reset ([identity-account.md](identity-account.md)); 020-039 users, roles and permissions ([identity-users-roles.md](identity-users-roles.md)); 040-059 sessions and devices ([identity-sessions-devices.md](identity-sessions-devices.md)); 060-079 API keys and service tokens ([identity-api-keys.md](identity-api-keys.md)); 080-099 multi-factor authentication ([identity-mfa.md](identity-mfa.md)); 100-119 the OAuth 2.0 authorization server ([identity-oauth.md](identity-oauth.md)); 120-139 external identity providers, OpenID Connect and SAML ([identity-external-idp.md](identity-external-idp.md)); 140-159 SCIM 2.0 provisioning ([identity-scim.md](identity-scim.md)). `DPF-IAM-010` and `-088` are declared by kit (the table above).',
});
