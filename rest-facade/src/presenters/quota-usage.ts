import { TenantError } from '@dataplat/tenant/errors';
import { envelope } from '../envelope';
import type { HttpResponse, PresentedFailure, Presenter } from '../route-spec';

/**
 * `POST /tenants/{tenantId}/quotas/usage` (spec 2): a refusal because the hard quota is exceeded
 * is 403 with the usage response fields (`accepted: false`, ..., `message`) at the top level of
 * the body, beside the usual `error` envelope. Every other outcome is sent as usual.
 */
export const quotaUsagePresenter: Presenter = {
  failure(f: PresentedFailure): HttpResponse {
    const body = envelope(f.code, f.message, f.details, f.requestId, f.path);
    if (f.code !== TenantError.QUOTA_EXCEEDED || !f.details || typeof f.details !== 'object') return { status: f.status, body };
    return { status: f.status, body: { ...(f.details as Record<string, unknown>), accepted: false, message: f.message, ...body } };
  },
};
