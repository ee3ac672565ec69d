import { DomainError, ErrorCode, requirePrincipal, type Principal, type RequestContext } from '@dataplat/kit';

/** The account whose own sessions and devices a request manages. */
export interface Owner {
  tenantId: string;
  userId: string;
}

/**
 * The caller's own account: its home tenant (the token's `tenant_id`) and subject. A
 * platform admin acting in another tenant (X-Tenant-ID) still manages their own sessions
 * and devices, which live in their home tenant; the acting tenant is deliberately ignored.
 */
export function ownerOf(principal: Principal): Owner {
  if (!principal.homeTenantId || principal.kind === 'service_token') throw new DomainError(ErrorCode.AUTHENTICATION_REQUIRED);
  return { tenantId: principal.homeTenantId, userId: principal.subject };
}

/** ownerOf the request's principal (401 when there is none). */
export const ownerFrom = (ctx: RequestContext): Owner => ownerOf(requirePrincipal(ctx));
