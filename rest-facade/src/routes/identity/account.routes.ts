import { body, defineRoutes } from '../../route-spec';

/** Spec 1, "Authentication lifecycle": self-service registration and password reset. */
export const accountRoutes = defineRoutes([
  {
    method: 'POST', path: '/api/v1/auth/register', tag: 'Authentication', summary: 'Register; a verification code is e-mailed',
    auth: 'public', operation: 'identity/account/register', variables: { input: body() }, result: 'register', status: 202,
  },
  {
    method: 'POST', path: '/api/v1/auth/verify-email', tag: 'Authentication', summary: 'Verify the e-mail address with the e-mailed code',
    auth: 'public', operation: 'identity/account/verify-email', variables: { input: body() }, result: 'verifyEmail',
  },
  {
    method: 'POST', path: '/api/v1/auth/forgot-password', tag: 'Authentication', summary: 'E-mail a password-reset code',
    auth: 'public', operation: 'identity/account/forgot-password', variables: { input: body() }, result: 'forgotPassword', status: 202,
  },
  {
    method: 'POST', path: '/api/v1/auth/reset-password', tag: 'Authentication', summary: 'Set a new password with the e-mailed code',
    auth: 'public', operation: 'identity/account/reset-password', variables: { input: body() }, result: 'resetPassword',
  },
  {
    method: 'POST', path: '/api/v1/auth/change-password', tag: 'Authentication', summary: 'Change the own password (same as POST /api/v1/users/me/password)',
    auth: 'bearer', operation: 'identity/users/change-my-password', variables: { input: body() }, result: 'changeMyPassword', status: 204,
  },
]);
