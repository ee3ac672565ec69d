import { DomainError } from '@dataplat/kit';
import { TenantError } from '../errors';
import type { TenantStatus } from './tenant.model';

/**
 * The tenant state machine (docs/tenant-lifecycle.md). Each action names the statuses it may
 * start from and the status it leads to; anything else is refused with 409 DPF-TEN-003.
 */
export const TRANSITIONS = {
  /** Provisioning finished: the first administrator exists. */
  complete: { from: ['PROVISIONING'], to: 'ACTIVE' },
  /** Provisioning could not finish. */
  fail: { from: ['PROVISIONING'], to: 'FAILED' },
  /** Provisioning resumes from the failed step (POST .../provisioning/retry). */
  retry: { from: ['FAILED'], to: 'PROVISIONING' },
  /** Provisioned resources are removed (POST .../provisioning/rollback): the tenant cannot serve. */
  rollback: { from: ['ACTIVE', 'FAILED'], to: 'FAILED' },
  /** Rollback, then provisioning from the first step (POST .../provisioning/reprovision). */
  reprovision: { from: ['ACTIVE', 'FAILED'], to: 'PROVISIONING' },
  suspend: { from: ['ACTIVE'], to: 'SUSPENDED' },
  activate: { from: ['SUSPENDED'], to: 'ACTIVE' },
  deprovision: { from: ['ACTIVE', 'SUSPENDED', 'FAILED'], to: 'DEPROVISIONING' },
  /** Deprovisioning finished. */
  remove: { from: ['DEPROVISIONING'], to: 'DEPROVISIONED' },
} as const satisfies Record<string, { from: readonly TenantStatus[]; to: TenantStatus }>;

export type TenantAction = keyof typeof TRANSITIONS;

/** Statuses in which name, region, plan and settings may still change. */
export const UPDATABLE: readonly TenantStatus[] = ['PROVISIONING', 'ACTIVE', 'SUSPENDED', 'FAILED'];

/** The status `action` leads to from `status`, or 409 DPF-TEN-003. */
export function nextStatus(status: string, action: TenantAction): TenantStatus {
  const move = TRANSITIONS[action];
  if (!(move.from as readonly string[]).includes(status)) {
    throw new DomainError(TenantError.TENANT_ILLEGAL_TRANSITION, `A tenant in status ${status} cannot ${action === 'remove' ? 'be removed' : action}`, { status, action });
  }
  return move.to;
}

export function assertUpdatable(status: string): void {
  if (!(UPDATABLE as readonly string[]).includes(status)) {
    throw new DomainError(TenantError.TENANT_ILLEGAL_TRANSITION, `A tenant in status ${status} cannot be changed`, { status, action: 'update' });
  }
}
