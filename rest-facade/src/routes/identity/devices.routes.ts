import { body, defineRoutes, param, query } from '../../route-spec';

const page = { page: query('page'), size: query('size'), sort: query('sort'), order: query('order') };

/**
 * Spec 1, "Devices": the caller's own devices. /devices/trusted, /devices/register and
 * /devices/trusted/all coexist with /devices/{deviceId} (the router prefers static segments).
 */
export const deviceRoutes = defineRoutes([
  {
    method: 'GET', path: '/api/v1/devices', tag: 'Devices', summary: 'Devices of the caller, paginated',
    auth: 'bearer', operation: 'identity/devices/devices', variables: page, result: 'devices',
  },
  {
    method: 'GET', path: '/api/v1/devices/trusted', tag: 'Devices', summary: 'Trusted devices of the caller, paginated',
    auth: 'bearer', operation: 'identity/devices/trusted-devices', variables: page, result: 'devices',
  },
  {
    method: 'POST', path: '/api/v1/devices/register', tag: 'Devices', summary: 'Register a device fingerprint, or update it',
    auth: 'bearer', operation: 'identity/devices/register-device', variables: { input: body() }, result: 'registerDevice',
  },
  {
    method: 'POST', path: '/api/v1/devices/{deviceId}/trust', tag: 'Devices', summary: 'Trust a device (400 at the per-user maximum)',
    auth: 'bearer', operation: 'identity/devices/trust-device', variables: { id: param('deviceId') }, result: 'trustDevice',
  },
  {
    method: 'DELETE', path: '/api/v1/devices/{deviceId}/trust', tag: 'Devices', summary: 'Remove the trust of a device',
    auth: 'bearer', operation: 'identity/devices/untrust-device', variables: { id: param('deviceId') }, result: 'untrustDevice', status: 204,
  },
  {
    method: 'PUT', path: '/api/v1/devices/{deviceId}/name', tag: 'Devices', summary: 'Rename a device',
    auth: 'bearer', operation: 'identity/devices/rename-device', variables: { id: param('deviceId'), input: body() }, result: 'renameDevice',
  },
  {
    method: 'POST', path: '/api/v1/devices/{deviceId}/block', tag: 'Devices', summary: 'Block a device (optional body {reason}); its sessions are revoked',
    auth: 'bearer', operation: 'identity/devices/block-device', variables: { id: param('deviceId'), input: body() }, result: 'blockDevice',
  },
  {
    method: 'DELETE', path: '/api/v1/devices/{deviceId}/block', tag: 'Devices', summary: 'Unblock a device',
    auth: 'bearer', operation: 'identity/devices/unblock-device', variables: { id: param('deviceId') }, result: 'unblockDevice', status: 204,
  },
  {
    method: 'DELETE', path: '/api/v1/devices/{deviceId}', tag: 'Devices', summary: 'Remove a device (a blocked one must be unblocked first)',
    auth: 'bearer', operation: 'identity/devices/remove-device', variables: { id: param('deviceId') }, result: 'removeDevice', status: 204,
  },
  {
    method: 'DELETE', path: '/api/v1/devices/trusted/all', tag: 'Devices', summary: 'Remove the trust of every device of the caller',
    auth: 'bearer', operation: 'identity/devices/untrust-all-devices', result: 'untrustAllDevices',
  },
]);
