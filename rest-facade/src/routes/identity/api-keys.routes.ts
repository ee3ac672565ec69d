import { body, defineRoutes, param, query } from '../../route-spec';

const KEY = { keyId: param('keyId') };

/** Spec 1, "API keys" (auth: bearer; the caller's own keys). */
export const apiKeyRoutes = defineRoutes([
  {
    method: 'POST', path: '/api/v1/api-keys', tag: 'API keys', summary: 'Create an API key (the full key is returned only here)',
    auth: 'bearer', operation: 'identity/api-keys/create-api-key', variables: { input: body() }, result: 'createApiKey', secretFields: ['apiKey'], status: 201,
  },
  {
    method: 'GET', path: '/api/v1/api-keys', tag: 'API keys', summary: "The caller's API keys, paginated",
    auth: 'bearer', operation: 'identity/api-keys/api-keys',
    variables: { page: query('page'), size: query('size'), sort: query('sort'), order: query('order') }, result: 'apiKeys',
  },
  {
    method: 'GET', path: '/api/v1/api-keys/{keyId}', tag: 'API keys', summary: 'One API key of the caller',
    auth: 'bearer', operation: 'identity/api-keys/api-key', variables: KEY, result: 'apiKey',
  },
  {
    method: 'DELETE', path: '/api/v1/api-keys/{keyId}', tag: 'API keys', summary: 'Revoke an API key (effective at once)',
    auth: 'bearer', operation: 'identity/api-keys/revoke-api-key', variables: KEY, result: 'revokeApiKey', status: 204,
  },
  {
    method: 'POST', path: '/api/v1/api-keys/{keyId}/rotate', tag: 'API keys', summary: 'Rotate: a new key; the old one works until the grace period ends',
    auth: 'bearer', operation: 'identity/api-keys/rotate-api-key', variables: KEY, result: 'rotateApiKey', secretFields: ['newKey.apiKey'],
  },
  {
    method: 'GET', path: '/api/v1/api-keys/{keyId}/rotation-status', tag: 'API keys', summary: 'The latest rotation of a key (old or new key id)',
    auth: 'bearer', operation: 'identity/api-keys/api-key-rotation-status', variables: KEY, result: 'apiKeyRotationStatus',
  },
  {
    method: 'POST', path: '/api/v1/api-keys/{keyId}/rotation/complete', tag: 'API keys', summary: 'Complete a rotation: the old key is revoked at once',
    auth: 'bearer', operation: 'identity/api-keys/complete-api-key-rotation', variables: KEY, result: 'completeApiKeyRotation',
  },
]);
