import { tenantLimitHeaders, type TenantRateLimits } from '@dataplat/gateway';
import { DomainError, ErrorCode } from '@dataplat/kit';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Applies the gateway rate limit of the caller's tenant (principal `tenantId`), when that
 * tenant has a configuration: sets its headers and refuses with 429 DPF-API-015 when a window
 * is exhausted. Returns false when the tenant is not limited here (the per-caller limiter
 * then applies); a limited tenant's requests answer to its configuration alone, so a
 * response never carries two sets of limits (docs/gateway-rate-limits.md).
 * Service tokens (platform-internal callers) are never limited per tenant.
 */
export async function applyTenantRateLimit(limits: TenantRateLimits | undefined, request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
  const principal = request.auth.principal;
  if (!limits || !principal?.tenantId || principal.kind === 'service_token') return false;
  const decision = await limits.hit(principal.tenantId);
  if (!decision) return false;
  reply.headers(tenantLimitHeaders(decision));
  if (!decision.allowed) throw new DomainError(ErrorCode.TENANT_RATE_LIMITED);
  return true;
}
