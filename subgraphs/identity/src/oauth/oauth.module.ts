import type { IdentityCore, IdentityModule } from '../core';
import { OAuthAuthorizeService } from './oauth-authorize.service';
import { OAuthClientRepository } from './oauth-client.repository';
import { OAuthClientResolver } from './oauth-client.resolver';
import { OAuthClientService } from './oauth-client.service';
import { OAuthIntrospectionService } from './oauth-introspection.service';
import { issuerOf, OAuthMetadataService } from './oauth-metadata';
import { OAuthResolver } from './oauth.resolver';
import { OAuthTokenRepository } from './oauth-token.repository';
import { OAuthTokenService } from './oauth-token.service';

/** oauth: the OAuth 2.0 authorization server (spec 1 "OAuth 2.0 authorization server"). */
export function oauthModule(core: IdentityCore): IdentityModule {
  const clients = new OAuthClientRepository(core.db);
  const tokens = new OAuthTokenRepository(core.db);
  const issuer = issuerOf(core.config.PUBLIC_URL);
  return {
    resolvers: [
      new OAuthClientResolver(new OAuthClientService(clients)),
      new OAuthResolver(
        new OAuthAuthorizeService(clients, tokens, issuer),
        new OAuthTokenService(clients, tokens, core.users, core.tokens, { audience: issuer, refreshSeconds: core.config.REFRESH_TOKEN_TTL }),
        new OAuthIntrospectionService(clients, tokens, core.tokens),
        new OAuthMetadataService(clients, issuer),
      ),
    ],
  };
}
