import { authorizationRedirect, formPostCallback, samlMetadataDocument, samlPostBinding } from '../../presenters/external-idp';
import { body, bodyField, defineRoutes, param } from '../../route-spec';

const OPS = 'identity/external-idp';

/**
 * Spec 1 "External identity providers and SAML": provider administration (ADMIN or
 * PLATFORM_ADMIN, tenant-scoped), the OpenID Connect sign-in (authorize + form_post
 * callback) and the SAML 2.0 service provider (metadata + ACS). docs/identity-external-idp.md.
 */
export const externalIdpRoutes = defineRoutes([
  {
    method: 'GET', path: '/api/v1/auth/oauth2/providers', tag: 'External identity providers', summary: "The tenant's identity providers (Admin)",
    auth: 'bearer', operation: `${OPS}/identity-providers`, result: 'identityProviders',
  },
  {
    method: 'POST', path: '/api/v1/auth/oauth2/providers', tag: 'External identity providers', summary: 'Register an OIDC or SAML provider (Admin)',
    auth: 'bearer', operation: `${OPS}/create-identity-provider`, variables: { input: body() }, result: 'createIdentityProvider', status: 201,
  },
  {
    method: 'PUT', path: '/api/v1/auth/oauth2/providers/{id}', tag: 'External identity providers', summary: 'Replace a provider (Admin)',
    auth: 'bearer', operation: `${OPS}/update-identity-provider`, variables: { id: param('id'), input: body() }, result: 'updateIdentityProvider',
  },
  {
    method: 'DELETE', path: '/api/v1/auth/oauth2/providers/{id}', tag: 'External identity providers', summary: 'Remove a provider (Admin)',
    auth: 'bearer', operation: `${OPS}/delete-identity-provider`, variables: { id: param('id') }, result: 'deleteIdentityProvider', status: 204,
  },
  {
    method: 'GET', path: '/api/v1/auth/oauth2/authorize/{provider}', tag: 'External identity providers', summary: 'Start an OIDC sign-in: 302 to the provider',
    auth: 'public', operation: `${OPS}/start-external-login`, variables: { providerId: param('provider') }, result: 'startExternalLogin', presenter: authorizationRedirect,
  },
  {
    method: 'POST', path: '/api/v1/auth/oauth2/callback/{provider}', tag: 'External identity providers', summary: 'OIDC callback (form_post): tokens (AuthResponse)',
    auth: 'public', operation: `${OPS}/complete-external-login`, result: 'completeExternalLogin', presenter: formPostCallback,
    variables: { providerId: param('provider'), code: bodyField('code'), state: bodyField('state'), error: bodyField('error'), errorDescription: bodyField('error_description') },
  },
  {
    method: 'GET', path: '/api/v1/auth/saml/metadata', tag: 'External identity providers', summary: 'SAML 2.0 service-provider metadata (XML)',
    auth: 'public', operation: `${OPS}/saml-metadata`, result: 'samlServiceProviderMetadata', presenter: samlMetadataDocument,
  },
  {
    method: 'POST', path: '/api/v1/auth/saml/acs', tag: 'External identity providers', summary: 'SAML assertion consumer service (HTTP-POST): tokens (AuthResponse)',
    auth: 'public', operation: `${OPS}/consume-saml-response`, result: 'consumeSamlResponse', presenter: samlPostBinding,
    variables: { samlResponse: bodyField('SAMLResponse'), relayState: bodyField('RelayState') },
  },
]);
