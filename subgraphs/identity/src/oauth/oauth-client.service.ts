import { DomainError, pageWindow, paginate, type Page } from '@dataplat/kit';
import { IdentityError } from '../errors';
import type { OAuthClientListArgs, RegisterOAuthClientInput } from './oauth.inputs';
import type { NewOAuthClient, OAuthClientRepository, OAuthClientRow } from './oauth-client.repository';
import type { OAuthClient, RegisteredOAuthClient } from './oauth-client.type';
import { randomSecret, sha256Hex } from './oauth-secrets';
import { redirectUriProblem } from './redirect-uri';
import { joinScope, SCOPE_TOKEN, splitScope } from './scopes';

export const GRANT_TYPES = ['authorization_code', 'client_credentials', 'refresh_token'] as const;
export const AUTH_METHODS = ['client_secret_basic', 'client_secret_post', 'none'] as const;

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

export const toClient = (row: OAuthClientRow): OAuthClient => ({
  client_id: row.id,
  client_name: row.name,
  redirect_uris: row.redirectUris,
  grant_types: row.grantTypes,
  response_types: row.responseTypes,
  token_endpoint_auth_method: row.tokenEndpointAuthMethod,
  scope: joinScope(row.scopes),
  client_id_issued_at: seconds(row.createdAt),
  client_secret_expires_at: row.secretHash ? 0 : null,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
});

const metadataError = (message: string, field: string): DomainError =>
  new DomainError(IdentityError.OAUTH_INVALID_CLIENT_METADATA, message, { error: 'invalid_client_metadata', field });

/** The registering administrator: scopes are limited to the permissions their roles grant. */
export interface Registrar {
  tenantId: string;
  userId: string | null;
  permissions: Set<string>;
}

/**
 * Checks RFC 7591 metadata and applies its defaults. Redirect URIs: absolute, no fragment,
 * https or loopback http. Public clients (`none`) may not use client credentials.
 */
export function clientMetadata(input: RegisterOAuthClientInput, registrar: Registrar): Omit<NewOAuthClient, 'secretHash' | 'createdBy' | 'tenantId'> {
  const grantTypes = [...new Set(input.grant_types ?? ['authorization_code'])];
  const unknownGrant = grantTypes.find((g) => !(GRANT_TYPES as readonly string[]).includes(g));
  if (unknownGrant) throw metadataError(`Unsupported grant type "${unknownGrant}"; use ${GRANT_TYPES.join(', ')}`, 'grant_types');
  if (grantTypes.length === 0 || (grantTypes.length === 1 && grantTypes[0] === 'refresh_token')) throw metadataError('grant_types needs authorization_code or client_credentials', 'grant_types');
  const method = input.token_endpoint_auth_method ?? 'client_secret_basic';
  if (!(AUTH_METHODS as readonly string[]).includes(method)) throw metadataError(`Unsupported token_endpoint_auth_method "${method}"; use ${AUTH_METHODS.join(', ')}`, 'token_endpoint_auth_method');
  if (method === 'none' && grantTypes.includes('client_credentials')) throw metadataError('A public client (token_endpoint_auth_method none) cannot use client_credentials', 'grant_types');

  const usesCode = grantTypes.includes('authorization_code');
  const responseTypes = [...new Set(input.response_types ?? (usesCode ? ['code'] : []))];
  if (responseTypes.some((r) => r !== 'code')) throw metadataError('The only response type is "code"', 'response_types');
  if (usesCode !== (responseTypes.length === 1)) throw metadataError('response_types ["code"] goes with grant type authorization_code, and only with it', 'response_types');

  const redirectUris = [...new Set(input.redirect_uris ?? [])];
  if (usesCode && redirectUris.length === 0) throw new DomainError(IdentityError.OAUTH_INVALID_REDIRECT_URI, 'redirect_uris is required for the authorization_code grant', { error: 'invalid_redirect_uri' });
  for (const uri of redirectUris) {
    const problem = redirectUriProblem(uri);
    if (problem) throw new DomainError(IdentityError.OAUTH_INVALID_REDIRECT_URI, `Redirect URI "${uri.slice(0, 200)}" ${problem}`, { error: 'invalid_redirect_uri', redirectUri: uri.slice(0, 200) });
  }

  const scopes = splitScope(input.scope);
  const malformed = scopes.find((s) => !SCOPE_TOKEN.test(s));
  if (malformed) throw metadataError(`Scope "${malformed.slice(0, 100)}" must have the form <resource>:<action>`, 'scope');
  const notHeld = scopes.filter((s) => !registrar.permissions.has(s));
  if (notHeld.length) throw new DomainError(IdentityError.OAUTH_INVALID_CLIENT_METADATA, `Scopes you do not hold cannot be given to a client: ${notHeld.join(' ')}`, { error: 'invalid_client_metadata', field: 'scope', scopes: notHeld });

  return { name: input.client_name.trim(), tokenEndpointAuthMethod: method, redirectUris, grantTypes, responseTypes, scopes };
}

/** Registration and management of a tenant's OAuth clients (RFC 7591 field names). */
export class OAuthClientService {
  constructor(private readonly repo: OAuthClientRepository) {}

  async register(input: RegisterOAuthClientInput, registrar: Omit<Registrar, 'permissions'>): Promise<RegisteredOAuthClient> {
    const permissions = registrar.userId ? await this.repo.permissionsOf(registrar.tenantId, registrar.userId) : new Set<string>();
    const metadata = clientMetadata(input, { ...registrar, permissions });
    const secret = metadata.tokenEndpointAuthMethod === 'none' ? null : randomSecret();
    const row = await this.repo.create({ ...metadata, tenantId: registrar.tenantId, createdBy: registrar.userId, secretHash: secret ? sha256Hex(secret) : null });
    return { ...toClient(row), client_secret: secret };
  }

  async list(tenantId: string, args: OAuthClientListArgs): Promise<Page<OAuthClient>> {
    const { skip, take } = pageWindow(args);
    const { rows, total } = await this.repo.list(tenantId, skip, take);
    return { data: rows.map(toClient), pagination: paginate(args.page, args.size, total) };
  }

  async get(tenantId: string, id: string): Promise<OAuthClient> {
    return toClient(await this.require(tenantId, id));
  }

  /** A new secret, shown once; the old one stops working at once. Public clients have none (400). */
  async regenerateSecret(tenantId: string, id: string): Promise<RegisteredOAuthClient> {
    const current = await this.require(tenantId, id);
    if (!current.secretHash) throw new DomainError(IdentityError.OAUTH_PUBLIC_CLIENT_HAS_NO_SECRET);
    const secret = randomSecret();
    const row = await this.repo.setSecret(tenantId, id, sha256Hex(secret));
    if (!row) throw new DomainError(IdentityError.OAUTH_CLIENT_NOT_FOUND);
    return { ...toClient(row), client_secret: secret };
  }

  /** Deletes the client; its live access tokens are revoked, its codes and refresh tokens removed. */
  async delete(tenantId: string, id: string): Promise<boolean> {
    if (!(await this.repo.delete(tenantId, id))) throw new DomainError(IdentityError.OAUTH_CLIENT_NOT_FOUND);
    return true;
  }

  private async require(tenantId: string, id: string): Promise<OAuthClientRow> {
    const row = await this.repo.find(tenantId, id);
    if (!row) throw new DomainError(IdentityError.OAUTH_CLIENT_NOT_FOUND);
    return row;
  }
}
