/** How the caller proved who it is. */
export type CredentialKind = 'access_token' | 'api_key' | 'service_token' | 'scim_token';

/** The authenticated caller, as the gateway established it and the subgraphs receive it. */
export interface Principal {
  kind: CredentialKind;
  /** User id (access token, API key owner), service name (service token) or `scim:<token id>`. */
  subject: string;
  /** Tenant the request acts in: the credential's tenant, or X-Tenant-ID for a platform admin. */
  tenantId: string | null;
  /** Tenant the credential itself belongs to (the `tenant_id` claim). */
  homeTenantId: string | null;
  roles: string[];
  /** `<resource>:<action>` scopes; they restrict API keys and service tokens. */
  scopes: string[];
  /**
   * Permissions the caller's roles grant (identity.role_permissions), set by the edge for users
   * (access tokens, API keys) who hold neither ADMIN nor PLATFORM_ADMIN. On a field open to ADMIN
   * they stand in for that role (`isAllowed`): this is how a custom role gives access.
   */
  permissions?: string[];
  /** jti of the presented token, for revocation. */
  tokenId?: string;
  /** Session (refresh token) the access token was issued from. */
  sessionId?: number;
  /** The user logged in with a temporary password and must change it first. */
  passwordChangeRequired?: boolean;
  /** Authentication methods of the login (RFC 8176 `amr`), e.g. `["pwd","otp","mfa"]` after MFA. */
  amr?: string[];
  /**
   * Access tokens issued to an OAuth 2.0 client (RFC 9068 `client_id`): the client. Such a
   * token is limited to its granted `scopes` exactly as an API key is (isScopeLimited).
   */
  clientId?: string;
  /** API keys only: LIVE or TEST (`dpk_live_` / `dpk_test_`), for services that keep test data apart. */
  apiKeyMode?: 'LIVE' | 'TEST';
}

/** System roles shared by every tenant. */
export enum SystemRole {
  ADMIN = 'ADMIN',
  PLATFORM_ADMIN = 'PLATFORM_ADMIN',
  USER = 'USER',
  VIEWER = 'VIEWER',
  /** Reads the audit log and compliance reports of its tenant (docs/audit-service.md). */
  AUDITOR = 'AUDITOR',
}

/** The reserved tenant of platform operators (the bootstrap platform admin lives here). */
export const PLATFORM_TENANT_ID = '00000000-0000-4000-8000-000000000000';

export const isPlatformAdmin = (p: Principal | undefined): boolean =>
  !!p && p.roles.includes(SystemRole.PLATFORM_ADMIN);

/** Holds ADMIN or PLATFORM_ADMIN: acts by role, not by delegated permissions. */
export const isAdministrator = (p: Principal | undefined): boolean =>
  !!p && (p.roles.includes(SystemRole.ADMIN) || p.roles.includes(SystemRole.PLATFORM_ADMIN));

/** RFC 8176 `amr` value every login completed with a second factor carries. */
export const AMR_MFA = 'mfa';

export const hasCompletedMfa = (p: Principal | undefined): boolean => !!p?.amr?.includes(AMR_MFA);
/** API keys and OAuth client tokens act only within their scopes (on fields that list scopes). */
export const isScopeLimited = (p: Principal): boolean => p.kind === 'api_key' || !!p.clientId;
