import { DomainError } from '@dataplat/kit';
import { IdentityError } from '../errors';
import type { OAuthClientRepository, OAuthClientRow } from './oauth-client.repository';
import { matchesHash } from './oauth-secrets';

/** What a request offered to authenticate the client (RFC 6749 2.3.1). */
export interface ClientCredentials {
  authorization?: string;
  client_id?: string;
  client_secret?: string;
}

/** How the client authenticated: RFC 7591 token_endpoint_auth_method values. */
export type AuthMethod = 'client_secret_basic' | 'client_secret_post' | 'none';

export interface PresentedClient {
  method: AuthMethod;
  clientId: string;
  secret?: string;
}

/**
 * invalid_client. `challenge` tells the presenter to answer 401 with `WWW-Authenticate: Basic`:
 * the client used Basic (RFC 6749 5.2 requires it then) or sent no credentials at all.
 */
export const invalidClient = (message: string, challenge: boolean): DomainError =>
  new DomainError(IdentityError.OAUTH_INVALID_CLIENT, message, { error: 'invalid_client', challenge });

const invalidRequest = (message: string) => new DomainError(IdentityError.OAUTH_INVALID_REQUEST, message, { error: 'invalid_request' });

/** RFC 6749 2.3.1: client id and secret are form-urlencoded before Basic encoding. */
const formDecode = (value: string) => decodeURIComponent(value.replace(/\+/g, ' '));

/** Reads the credentials a request presents; one method only (RFC 6749 2.3). */
export function presentedClient(c: ClientCredentials): PresentedClient {
  const header = c.authorization?.trim();
  if (header) {
    const basic = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(header);
    if (!basic) throw invalidClient('The Authorization header must use the Basic scheme', true);
    const decoded = Buffer.from(basic[1], 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 1) throw invalidClient('Malformed Basic credentials', true);
    let clientId: string;
    let secret: string;
    try {
      clientId = formDecode(decoded.slice(0, colon));
      secret = formDecode(decoded.slice(colon + 1));
    } catch {
      throw invalidClient('Malformed Basic credentials', true);
    }
    if (c.client_secret !== undefined) throw invalidRequest('Use one client authentication method: Basic or client_secret in the body, not both');
    if (c.client_id !== undefined && c.client_id !== clientId) throw invalidRequest('client_id in the body differs from the Basic credentials');
    return { method: 'client_secret_basic', clientId, secret };
  }
  if (c.client_id === undefined) throw invalidClient('Client authentication is required', true);
  if (c.client_secret !== undefined) return { method: 'client_secret_post', clientId: c.client_id, secret: c.client_secret };
  return { method: 'none', clientId: c.client_id };
}

/**
 * Authenticates the client of a token, introspection or revocation request. The method must
 * be the one the client registered; `none` identifies a public client without proving anything,
 * so endpoints that need proof pass `allowPublic: false`.
 */
export class ClientAuthenticator {
  constructor(private readonly clients: OAuthClientRepository) {}

  async authenticate(credentials: ClientCredentials, allowPublic: boolean): Promise<OAuthClientRow> {
    const presented = presentedClient(credentials);
    const basic = presented.method === 'client_secret_basic';
    const client = await this.clients.findByClientId(presented.clientId);
    if (!client) throw invalidClient('Unknown client or wrong credentials', basic);
    if (client.tokenEndpointAuthMethod !== presented.method) {
      throw invalidClient(`The client must authenticate with ${client.tokenEndpointAuthMethod}`, basic);
    }
    if (presented.method === 'none') {
      if (!allowPublic) throw invalidClient('This endpoint requires an authenticated (confidential) client', false);
      return client;
    }
    if (!matchesHash(presented.secret ?? '', client.secretHash)) throw invalidClient('Unknown client or wrong credentials', basic);
    return client;
  }
}
