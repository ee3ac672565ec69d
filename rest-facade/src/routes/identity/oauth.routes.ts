import { authorizationJson, authorizationRedirect, metadataDocument, oauthEndpoint, oauthRevocation } from '../../presenters/oauth';
import { body, bodyField, defineRoutes, header, param, query, type Binding } from '../../route-spec';

const TAG = 'OAuth 2.0';
const CLIENT = { id: param('id') };
/** A code is a secret: an X-Idempotency-Key replay of an authorization answers without it. */
const AUTHORIZATION_SECRETS = ['code', 'redirectUri'];
const AUTHORIZE_PARAMS = ['response_type', 'client_id', 'redirect_uri', 'scope', 'state', 'code_challenge', 'code_challenge_method'];

/** Each parameter bound on its own: unrecognised ones are ignored, a repeated one is refused (RFC 6749 3.1). */
const params = (names: string[], from: (name: string) => Binding) => Object.fromEntries(names.map((n) => [n, from(n)]));
/** Client authentication: the Authorization header (client_secret_basic) or client_id / client_secret in the body. */
const clientAuth = { authorization: header('authorization'), ...params(['client_id', 'client_secret'], bodyField) };

/**
 * The OAuth 2.0 authorization server (spec 1 "OAuth 2.0 authorization server"): RFC 6749,
 * 7636, 7009, 7662, 7591 and 8414. Protocol endpoints speak the RFCs' formats through the
 * presenters in presenters/oauth.ts; client management uses the platform's JSON conventions.
 */
export const oauthRoutes = defineRoutes([
  {
    method: 'GET', path: '/.well-known/oauth-authorization-server', tag: TAG, summary: 'Authorization server metadata (RFC 8414)',
    auth: 'public', operation: 'identity/oauth/metadata', result: 'oauthServerMetadata', presenter: metadataDocument,
  },
  {
    method: 'GET', path: '/api/v1/oauth2/authorize', tag: TAG, summary: 'Authorization endpoint: 302 to the redirect URI with a code or an error (signed-in user)',
    auth: 'bearer', operation: 'identity/oauth/authorize', variables: params(AUTHORIZE_PARAMS, query), result: 'oauthAuthorize', presenter: authorizationRedirect, secretFields: AUTHORIZATION_SECRETS,
  },
  {
    method: 'POST', path: '/api/v1/oauth2/authorize', tag: TAG, summary: 'Authorization endpoint, JSON response (signed-in user)',
    auth: 'bearer', operation: 'identity/oauth/authorize', variables: params(AUTHORIZE_PARAMS, bodyField), result: 'oauthAuthorize', presenter: authorizationJson, secretFields: AUTHORIZATION_SECRETS,
  },
  {
    method: 'POST', path: '/api/v1/oauth2/token', tag: TAG, summary: 'Token endpoint: authorization_code, client_credentials, refresh_token (RFC 6749)',
    auth: 'public', operation: 'identity/oauth/token', result: 'oauthToken', presenter: oauthEndpoint,
    variables: { ...clientAuth, ...params(['grant_type', 'code', 'redirect_uri', 'code_verifier', 'refresh_token', 'scope'], bodyField) },
  },
  {
    method: 'POST', path: '/api/v1/oauth2/revoke', tag: TAG, summary: 'Revoke a token (RFC 7009)',
    auth: 'public', operation: 'identity/oauth/revoke', result: 'oauthRevoke', presenter: oauthRevocation,
    variables: { ...clientAuth, ...params(['token', 'token_type_hint'], bodyField) },
  },
  {
    method: 'POST', path: '/api/v1/oauth2/introspect', tag: TAG, summary: 'Introspect a token (RFC 7662; confidential clients)',
    auth: 'public', operation: 'identity/oauth/introspect', result: 'oauthIntrospect', presenter: oauthEndpoint,
    variables: { ...clientAuth, ...params(['token', 'token_type_hint'], bodyField) },
  },
  {
    method: 'POST', path: '/api/v1/oauth2/clients', tag: TAG, summary: 'Register a client (Admin; RFC 7591 metadata; the secret is returned once)',
    auth: 'bearer', operation: 'identity/oauth/register-client', variables: { input: body() }, result: 'registerOAuthClient', secretFields: ['client_secret'], status: 201,
  },
  {
    method: 'GET', path: '/api/v1/oauth2/clients', tag: TAG, summary: 'Clients of the tenant, paginated (Admin)',
    auth: 'bearer', operation: 'identity/oauth/clients', variables: { page: query('page'), size: query('size') }, result: 'oauthClients',
  },
  {
    method: 'GET', path: '/api/v1/oauth2/clients/{id}', tag: TAG, summary: 'One client (Admin)',
    auth: 'bearer', operation: 'identity/oauth/client', variables: CLIENT, result: 'oauthClient',
  },
  {
    method: 'POST', path: '/api/v1/oauth2/clients/{id}/regenerate-secret', tag: TAG, summary: 'Replace the client secret (Admin; returned once)',
    auth: 'bearer', operation: 'identity/oauth/regenerate-secret', variables: CLIENT, result: 'regenerateOAuthClientSecret', secretFields: ['client_secret'],
  },
  {
    method: 'DELETE', path: '/api/v1/oauth2/clients/{id}', tag: TAG, summary: 'Delete a client and revoke its tokens (Admin)',
    auth: 'bearer', operation: 'identity/oauth/delete-client', variables: CLIENT, result: 'deleteOAuthClient', status: 204,
  },
]);
