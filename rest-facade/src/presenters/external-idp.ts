import type { Presenter } from '../route-spec';

/**
 * Presenters of the external identity provider routes (docs/identity-external-idp.md).
 * Failures keep the platform's JSON envelope: the browser-facing callers of these routes
 * are our own front ends, not a standard client expecting another error format.
 */

/** `GET /auth/oauth2/authorize/{provider}`: 302 to the provider, never cached. */
export const authorizationRedirect: Presenter = {
  success: (payload) => ({ status: 302, headers: { location: (payload as { location: string }).location, 'cache-control': 'no-store' } }),
};

/** The OIDC callback (response_mode=form_post): a form body from the browser; tokens, never cached. */
export const formPostCallback: Presenter = {
  accepts: ['application/x-www-form-urlencoded'],
  success: (payload, status) => ({ status, body: payload, headers: { 'cache-control': 'no-store', pragma: 'no-cache' } }),
};

/** The SAML ACS (HTTP-POST binding): form fields `SAMLResponse` and `RelayState` only. */
export const samlPostBinding: Presenter = {
  accepts: ['application/x-www-form-urlencoded'],
  jsonBody: false,
  success: (payload, status) => ({ status, body: payload, headers: { 'cache-control': 'no-store', pragma: 'no-cache' } }),
};

/** SAML metadata: the XML document as is, with its registered media type (RFC 7303 / SAML metadata IANA). */
export const samlMetadataDocument: Presenter = {
  success: (payload) => ({ status: 200, body: String(payload), headers: { 'content-type': 'application/samlmetadata+xml; charset=utf-8' } }),
};
