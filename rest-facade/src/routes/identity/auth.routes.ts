import { body, defineRoutes, header } from '../../route-spec';

/** Spec 1, "Authentication lifecycle". */
export const authRoutes = defineRoutes([
  {
    method: 'POST', path: '/api/v1/auth/login', tag: 'Authentication', summary: 'Password login',
    auth: 'public', operation: 'identity/login', variables: { input: body(), deviceFingerprint: header('x-device-fingerprint') }, result: 'login',
  },
  {
    method: 'POST', path: '/api/v1/auth/refresh', tag: 'Authentication', summary: 'New access token from a refresh token',
    auth: 'refresh_token', operation: 'identity/refresh', variables: { input: body() }, result: 'refreshToken',
  },
  {
    method: 'POST', path: '/api/v1/auth/logout', tag: 'Authentication', summary: 'Revoke a refresh token',
    auth: 'refresh_token', operation: 'identity/logout', variables: { input: body() }, result: 'logout',
  },
  {
    method: 'GET', path: '/api/v1/auth/session', tag: 'Authentication', summary: 'The presented token: user, tenant, roles, token expiry and its session',
    auth: 'bearer', operation: 'identity/sessions/current-session', result: 'currentSession',
  },
]);
