import { defineRoutes, param } from '../../route-spec';

/**
 * Spec 1, "Sessions": the caller's own sessions. The static paths /sessions/all and
 * /sessions/others coexist with /sessions/{sessionId} (the router prefers static segments).
 * GET /api/v1/auth/session is in auth.routes.ts (its spec section).
 */
export const sessionRoutes = defineRoutes([
  {
    method: 'GET', path: '/api/v1/sessions', tag: 'Sessions', summary: 'Active sessions of the caller',
    auth: 'bearer', operation: 'identity/sessions/sessions', result: 'sessions',
  },
  {
    method: 'GET', path: '/api/v1/sessions/all', tag: 'Sessions', summary: 'All sessions of the caller, including revoked and expired ones, with their state',
    auth: 'bearer', operation: 'identity/sessions/all-sessions', result: 'sessions',
  },
  {
    method: 'GET', path: '/api/v1/sessions/count', tag: 'Sessions', summary: 'Number of active sessions of the caller',
    auth: 'bearer', operation: 'identity/sessions/session-count', result: 'sessionCount',
  },
  {
    method: 'DELETE', path: '/api/v1/sessions/{sessionId}', tag: 'Sessions', summary: 'Revoke one session of the caller',
    auth: 'bearer', operation: 'identity/sessions/revoke-session', variables: { id: param('sessionId') }, result: 'revokeSession', status: 204,
  },
  {
    method: 'DELETE', path: '/api/v1/sessions/others', tag: 'Sessions', summary: 'Revoke every session of the caller but the current one',
    auth: 'bearer', operation: 'identity/sessions/revoke-other-sessions', result: 'revokeOtherSessions',
  },
  {
    method: 'DELETE', path: '/api/v1/sessions/all', tag: 'Sessions', summary: 'Revoke every session of the caller, the current one included (forces re-login)',
    auth: 'bearer', operation: 'identity/sessions/revoke-all-sessions', result: 'revokeAllSessions',
  },
]);
