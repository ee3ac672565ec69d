import { defineErrors, errorBlockOf, type ErrorBlock, type ErrorCode as CatalogueCode } from './define';

/**
 * The cross-cutting error codes, declared by kit: request handling at the edge (`DPF-API-*`),
 * credentials (`DPF-AUTH-*`), and the two identity codes kit's auth checker raises in every
 * subgraph. Each domain declares its own codes in its `src/errors.ts` (docs/errors.md).
 */
const API = defineErrors('API', {
  VALIDATION_FAILED: {
    number: 1, status: 400, message: 'The request is invalid',
    when: 'Input fails validation. This covers field constraints (message `Invalid input`, `details: [{field, constraints}]`), such as a password outside 12 to 128 characters, a blank name or a malformed device fingerprint; GraphQL parse, validation and variable-coercion errors, such as an unknown body field or a missing required field; path, query or header text of the wrong type (message `Parameter "<name>" must be …`, where `<name>` is the HTTP parameter; `details: {parameter, expected}`); `X-Tenant-ID` that isn\'t a UUID; a malformed `X-Idempotency-Key`; an unsupported `sort` field (`details: {field, allowed}`); more than 50 role ids or 200 permission ids in one request, or an empty list where at least one id is needed (`details: {field}`); an API-key scope not of the form `<resource>:<action>` or an `ipWhitelist` entry that isn\'t a valid CIDR (`details: {field, entry}`); self-registration into the platform tenant; any other 4xx from the HTTP layer',
  },
  MALFORMED_JSON: {
    number: 2, status: 400, message: 'The request body is not valid JSON',
    when: "The body can't be parsed as JSON (`details: {reason}`)",
  },
  UNSUPPORTED_MEDIA_TYPE: {
    number: 3, status: 415, message: 'Unsupported content type; send application/json',
    when: "A body whose content type isn't JSON (for example `text/plain`)",
  },
  ROUTE_NOT_FOUND: {
    number: 4, status: 404, message: 'No such endpoint',
    when: 'No route for this method and path (message `No endpoint <METHOD> <path>`)',
  },
  IDEMPOTENCY_IN_PROGRESS: {
    number: 5, status: 409, message: 'A request with this idempotency key is still in progress',
    when: 'A retry arrives while the first request with the same key is still running',
  },
  IDEMPOTENCY_KEY_REUSED: {
    number: 6, status: 422, message: 'This idempotency key was already used for a different request',
    when: 'The same key is used with a different method, path or body',
  },
  RATE_LIMITED: {
    number: 7, status: 429, message: 'Rate limit exceeded',
    when: "Over the caller's limit in the current window (`RATE_LIMIT_PER_MINUTE`, or an API key's own `rateLimit`); sent with `Retry-After`",
  },
  PAYLOAD_TOO_LARGE: {
    number: 8, status: 413, message: 'The request body is too large',
    when: 'The body is over 1 MiB',
  },
  UPSTREAM_UNAVAILABLE: {
    number: 9, status: 503, message: 'A platform service is unavailable',
    when: "A subgraph can't be reached: the gateway's request to it fails (`FetchError`, such as a refused or reset connection, or `AbortError`). `formatGatewayError` turns that into this code, at `/graphql` and in the REST envelope. Also at the edge: the access-token blocklist store can't be read (`Authenticator.revoked`, it fails closed), or an `X-API-Key` lookup fails (database unreachable).",
  },
  INTERNAL: {
    number: 10, status: 500, message: 'Internal server error',
    when: 'Any unexpected error. The message is always the default; the detail goes only to the log.',
  },
  TENANT_MISMATCH: {
    number: 11, status: 403, message: 'X-Tenant-ID does not match the tenant of the credentials',
    when: "`X-Tenant-ID` names another tenant and the caller (access token or API key) isn't `PLATFORM_ADMIN`",
  },
  TENANT_REQUIRED: {
    number: 12, status: 400, message: 'The X-Tenant-ID header is required',
    when: 'A route that requires `X-Tenant-ID` is called without it, or an operation needs a tenant and the caller has none',
  },
  NOT_FOUND: {
    number: 13, status: 404, message: 'Resource not found',
    when: 'Defined, but nothing raises it yet',
  },
  CONFLICT: {
    number: 14, status: 409, message: 'Conflict',
    when: 'Defined, but nothing raises it yet',
  },
  // 015-017: gateway per-tenant rate limits (docs/gateway-rate-limits.md)
  TENANT_RATE_LIMITED: {
    number: 15, status: 429, message: 'Rate limit exceeded for this tenant',
    when: "The caller's tenant has a gateway rate-limit configuration and one of its enabled windows (second, minute, hour) has no token left; sent with `Retry-After` (docs/gateway-rate-limits.md)",
  },
  RATE_LIMIT_CONFIG_INVALID: {
    number: 16, status: 400, message: 'Invalid gateway rate-limit configuration',
    when: "`POST /api/v1/gateway/tenants/{tenantId}/rate-limit`: unknown `tier` or window, a limit or burst that isn't a positive integer, a burst below its limit (`details: {field, reason}`)",
  },
  RATE_LIMIT_NOT_CONFIGURED: {
    number: 17, status: 404, message: 'This tenant has no gateway rate-limit configuration',
    when: "`GET /api/v1/gateway/tenants/{tenantId}/rate-limit` for a tenant never configured since the gateway's configuration store was last emptied (memory mode: the last restart)",
  },
  // 018-024: input the edge refuses before any service sees it (docs/hardening.md)
  GRAPHQL_REQUEST_INVALID: {
    number: 18, status: 400, message: 'The GraphQL request is malformed',
    when: "`/graphql` refuses the HTTP request itself (Apollo's `BAD_REQUEST`, `OPERATION_RESOLUTION_FAILURE`, `PERSISTED_QUERY_*`): a batch (arrays are not accepted), no `query`, a mutation over GET, `variables` that aren't a JSON object, a request blocked as possible CSRF. The message says which.",
  },
  QUERY_TOO_COMPLEX: {
    number: 19, status: 400, message: 'The GraphQL operation exceeds the limits of this platform',
    when: 'The operation is over a limit of [hardening.md](hardening.md#graphql-limits): more than `GRAPHQL_MAX_TOKENS` tokens, depth `GRAPHQL_MAX_DEPTH`, `GRAPHQL_MAX_ALIASES` aliases, `GRAPHQL_MAX_DIRECTIVES` directives or cost `GRAPHQL_MAX_COST`. The message names the limit and what was found (`Aliases limit of 30 exceeded, found 100.`). Nothing was executed. Also for graphql-ws subscriptions.',
  },
  NUL_CHARACTER: {
    number: 20, status: 400, message: 'Text must not contain the NUL character (U+0000)',
    when: 'A NUL character in the path, the query string, a header, a JSON string or key, or a form field, on any route (`details: {location: path|query|header|body, field?, name?}`). Refused at the edge before any service runs. A NUL that reaches PostgreSQL by another way (SQLSTATE 22021) gets the same code.',
  },
  URI_TOO_LONG: {
    number: 21, status: 414, message: 'The request URI is too long',
    when: 'A path segment longer than 256 characters (message `A path segment is longer than 256 characters`)',
  },
  HEADERS_TOO_LARGE: {
    number: 22, status: 431, message: 'The request headers are too large',
    when: "The request line and headers are over node's limit (16 KiB). Written by the edge on the socket, with `x-request-id`, and the connection is closed. Other requests node's HTTP parser refuses (a malformed request line or header) get `DPF-API-001` the same way.",
  },
  BODY_TOO_DEEP: {
    number: 23, status: 400, message: 'The request body nests too deeply',
    when: 'A JSON body with arrays or objects nested more than 64 levels (`details: {maxDepth, field}`)',
  },
  VALUE_NOT_STORABLE: {
    number: 24, status: 400, message: 'A value cannot be stored: it is too long, out of range or malformed',
    when: 'PostgreSQL refused a value as data (SQLSTATE class 22: too long for its column, numeric out of range, malformed text for its type) or Prisma did (`P2000`, `P2020`). Services validate first; this is the safety net that keeps such input from being a 500.',
  },
}, {
  title: 'request handling at the edge (REST facade, gateway HTTP layer)',
  source: 'packages/kit/src/errors/catalogue.ts',
  notes:
    '015-017: gateway per-tenant rate limits ([gateway-rate-limits.md](gateway-rate-limits.md)); 018-024: input the edge refuses before any service sees it ([hardening.md](hardening.md)).',
});

const AUTH = defineErrors('AUTH', {
  AUTHENTICATION_REQUIRED: {
    number: 1, status: 401, message: 'Authentication required',
    when: "No credentials on a route or field that needs them, including `/internal/metrics`. Also a service token on a field that acts on the caller's own sessions or devices (they belong to users), and a subgraph receiving an invalid internal principal (message `Invalid internal principal`).",
  },
  TOKEN_EXPIRED: {
    number: 2, status: 401, message: 'Token has expired',
    when: "The token's `exp` has passed",
  },
  TOKEN_BAD_SIGNATURE: {
    number: 3, status: 401, message: 'Invalid token signature',
    when: "A well-formed JWT whose signature or algorithm doesn't verify",
  },
  TOKEN_MALFORMED: {
    number: 4, status: 401, message: 'Malformed token',
    when: "Not a JWT, required claims missing, or `Authorization` isn't `Bearer <token>`",
  },
  TOKEN_NOT_ACCESS: {
    number: 5, status: 401, message: 'Token is not an access token',
    when: "A token of another `type` presented as a bearer credential, such as a refresh token; also a service token on a REST route with `auth: 'bearer'`",
  },
  TOKEN_NOT_REFRESH: {
    number: 6, status: 401, message: 'Token is not a refresh token',
    when: 'A token of another `type` sent to refresh or logout',
  },
  FORBIDDEN: {
    number: 7, status: 403, message: 'Insufficient permissions',
    when: "The caller lacks the role or scope an operation requires (a service token passes only fields that list one of its scopes). Also: a non-platform admin granting `PLATFORM_ADMIN`, changing a user who holds it, or changing the description or permissions of a system role; managing API keys without the permission `api-keys:read` or `api-keys:write`, or with a service token; `POST /auth/register` while `SELF_REGISTRATION=closed`; `/internal/metrics` for a caller who isn't `PLATFORM_ADMIN`.",
  },
  TOKEN_BAD_ISSUER: {
    number: 8, status: 401, message: 'Invalid token issuer',
    when: "The token's `iss` isn't `JWT_ISSUER`",
  },
  TOKEN_REVOKED: {
    number: 9, status: 401, message: 'Token has been revoked',
    when: 'An access token whose `jti` is on the blocklist: it was revoked before its expiry by logout-all, a revoked session or blocked device, a disabled or deleted user, a password change or reset, or a role change ([identity-account.md](identity-account.md#immediate-revocation))',
  },
}, {
  title: 'credential validation (shared by gateway and subgraphs)',
  source: 'packages/kit/src/errors/catalogue.ts',
  notes:
    'The messages of `DPF-AUTH-002` to `-006` are the exact strings from spec 1 "Errors". `DPF-AUTH-008` adds a message for the issuer check. See [decisions.md §12](decisions.md#12-token-error-messages).',
});

/** Identity's codes for checks that kit's auth checker makes on the principal, in every subgraph. */
const PRINCIPAL = defineErrors('IAM', {
  PASSWORD_CHANGE_REQUIRED: {
    number: 10, status: 403, message: 'Password change required: change the temporary password first',
    when: "The token carries `pwd_change_required` (after an administrator's password reset) and the field isn't marked `ALLOW_DURING_PASSWORD_CHANGE`; only `me`, `changeMyPassword` and `currentSession` are",
  },
  MFA_REQUIRED: {
    number: 88, status: 403, message: 'This operation requires a login completed with MFA',
    when: '"Bearer and MFA" endpoints (`DELETE /auth/mfa/disable`, `GET /auth/mfa/recovery-codes`) with a token whose `amr` lacks `mfa`',
  },
}, {
  title: 'checks of the principal in every subgraph',
  source: 'packages/kit/src/errors/catalogue.ts',
  notes: "Two identity codes raised by kit's auth checker (`packages/kit/src/auth/auth-checker.ts`) in every subgraph, so kit declares them; the other `DPF-IAM-*` codes are identity's, below.",
});

/** A catalogue code, `DPF-<PREFIX>-<three digits>`, of kit's blocks or a domain's. */
export type ErrorCode = CatalogueCode;

/** Kit's codes: `ErrorCode.VALIDATION_FAILED === 'DPF-API-001'`. Domains' codes are their `<Domain>Error`. */
export const ErrorCode = Object.freeze({ ...API, ...AUTH, ...PRINCIPAL });

/** Kit's blocks, first in docs/errors.md. */
export const KIT_ERROR_BLOCKS: readonly ErrorBlock[] = [API, AUTH, PRINCIPAL].map(errorBlockOf);
