import { body, defineRoutes, param } from '../../route-spec';

const PATH = '/api/v1/gateway/tenants/{tenantId}/rate-limit';

/** Gateway rate limit (spec 2): per-tenant limits held by the gateway (docs/gateway-rate-limits.md). */
export const gatewayRateLimitRoutes = defineRoutes([
  {
    method: 'POST', path: PATH, tag: 'Gateway', summary: 'Store the tenant\'s rate-limit configuration and enable its limiter (Platform admin)',
    auth: 'bearer', operation: 'gateway/set-gateway-rate-limit', variables: { tenantId: param('tenantId'), input: body() }, result: 'setGatewayRateLimit',
  },
  {
    method: 'GET', path: PATH, tag: 'Gateway', summary: 'The tenant\'s current rate-limit configuration (Platform admin; extension)',
    auth: 'bearer', operation: 'gateway/gateway-rate-limit', variables: { tenantId: param('tenantId') }, result: 'gatewayRateLimit',
  },
]);
