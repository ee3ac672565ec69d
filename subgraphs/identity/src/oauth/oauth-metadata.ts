import type { OAuthClientRepository } from './oauth-client.repository';
import { AUTH_METHODS, GRANT_TYPES } from './oauth-client.service';
import type { OAuthServerMetadata } from './oauth.type';
import { PKCE_METHODS } from './oauth-secrets';

export const OAUTH_BASE = '/api/v1/oauth2';

/** The issuer identifier: PUBLIC_URL without a trailing slash (RFC 8414 2: https, no query or fragment). */
export const issuerOf = (publicUrl: string): string => publicUrl.replace(/\/+$/, '');

/** RFC 8414 metadata, published at /.well-known/oauth-authorization-server. */
export class OAuthMetadataService {
  constructor(
    private readonly clients: OAuthClientRepository,
    private readonly issuer: string,
  ) {}

  async metadata(): Promise<OAuthServerMetadata> {
    const at = (path: string) => `${this.issuer}${OAUTH_BASE}/${path}`;
    const secretMethods = AUTH_METHODS.filter((m) => m !== 'none');
    return {
      issuer: this.issuer,
      authorization_endpoint: at('authorize'),
      token_endpoint: at('token'),
      revocation_endpoint: at('revoke'),
      introspection_endpoint: at('introspect'),
      registration_endpoint: at('clients'),
      scopes_supported: await this.clients.allPermissions(),
      response_types_supported: ['code'],
      response_modes_supported: ['query'],
      grant_types_supported: [...GRANT_TYPES],
      token_endpoint_auth_methods_supported: [...AUTH_METHODS],
      revocation_endpoint_auth_methods_supported: [...AUTH_METHODS],
      introspection_endpoint_auth_methods_supported: secretMethods,
      code_challenge_methods_supported: [...PKCE_METHODS],
      authorization_response_iss_parameter_supported: true,
      service_documentation: `${this.issuer}/openapi.json`,
    };
  }
}
