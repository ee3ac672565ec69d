import { DomainError, type Principal } from '@dataplat/kit';
import { TenantError } from '../errors';
import type { TenantRepository, TenantRow } from '../tenants/tenant.repository';
import type { QuotaInput, UsageInput } from './quota.inputs';
import { defaultQuotas, isResourceType, RESOURCE_TYPES, TREND_INTERVALS, utilizationPercent, type ResourceType } from './quota.model';
import type { QuotaRepository, QuotaRow } from './quota.repository';
import type { Quota, QuotaCheckResult, QuotaSummary, UsageHistory, UsageResult, UsageTrend } from './quota.type';
import { scopedTenant } from './tenant-scope';

const DAY_MS = 86_400_000;
export const HISTORY_DEFAULT_DAYS = 7;
export const TREND_DEFAULT_DAYS = 30;
export const HISTORY_MAX_RECORDS = 1_000;

/** Start of the current usage window (UTC, as date_trunc in the database session). */
export function windowStartOf(window: string, now: Date): Date {
  const d = new Date(now);
  if (window === 'minute') d.setUTCSeconds(0, 0);
  else d.setUTCHours(0, 0, 0, 0);
  return d;
}

/** Usage of the current window: a windowed quota whose window has passed has used nothing yet. */
export function currentUsage(row: Pick<QuotaRow, 'used' | 'window' | 'windowStart'>, now = new Date()): number {
  if (!row.window) return row.used;
  if (!row.windowStart || row.windowStart < windowStartOf(row.window, now)) return 0;
  return row.used;
}

export function toQuota(row: QuotaRow): Quota {
  const used = currentUsage(row);
  return {
    id: row.id, tenantId: row.tenantId, resourceType: row.resourceType, softLimit: row.softLimit, hardLimit: row.hardLimit,
    unit: row.unit, enforcementMode: row.enforcementMode, currentUsage: used, utilizationPercent: utilizationPercent(used, row.hardLimit),
    usageWindow: row.window, createdAt: row.createdAt, updatedAt: row.updatedAt,
  };
}

const invalid = (field: string, message: string) => new DomainError(TenantError.QUOTA_INVALID, message, { field });

/** Quotas and usage of a tenant (docs/tenant-quotas-alerts.md). */
export class QuotaService {
  constructor(
    private readonly repo: QuotaRepository,
    private readonly tenants: TenantRepository,
  ) {}

  /** Creates the default quotas of the tenant's plan (existing quotas get the default limits; usage is kept). */
  async applyDefaults(caller: Principal, tenantId: string): Promise<Quota[]> {
    const tenant = await scopedTenant(this.tenants, caller, tenantId);
    const rows = await this.repo.upsertMany(tenant.id, defaultQuotas(tenant.plan).map((q) => ({ ...q, window: RESOURCE_TYPES[q.resourceType].window })));
    return rows.map(toQuota);
  }

  async upsert(caller: Principal, tenantId: string, input: QuotaInput): Promise<Quota> {
    const tenant = await scopedTenant(this.tenants, caller, tenantId);
    const type = this.resourceType(input.resourceType);
    const unit = RESOURCE_TYPES[type].unit;
    if (input.softLimit > input.hardLimit) throw invalid('softLimit', 'softLimit must not be above hardLimit');
    if (input.unit != null && input.unit.trim().toLowerCase() !== unit.toLowerCase()) throw invalid('unit', `The unit of ${type} is "${unit}"`);
    const row = await this.repo.upsert(tenant.id, {
      resourceType: type, softLimit: input.softLimit, hardLimit: input.hardLimit, unit, enforcementMode: input.enforcementMode ?? 'HARD', window: RESOURCE_TYPES[type].window,
    });
    return toQuota(row);
  }

  async list(caller: Principal, tenantId: string): Promise<Quota[]> {
    const tenant = await scopedTenant(this.tenants, caller, tenantId);
    return (await this.repo.list(tenant.id)).map(toQuota);
  }

  async get(caller: Principal, tenantId: string, resourceType: string): Promise<Quota> {
    const tenant = await scopedTenant(this.tenants, caller, tenantId);
    return toQuota(await this.row(tenant, resourceType));
  }

  async summary(caller: Principal, tenantId: string): Promise<QuotaSummary> {
    const tenant = await scopedTenant(this.tenants, caller, tenantId);
    const quotas = (await this.repo.list(tenant.id)).map(toQuota);
    return {
      tenantId: tenant.id,
      totalQuotas: quotas.length,
      overSoftLimit: quotas.filter((q) => q.currentUsage >= q.softLimit && q.softLimit > 0).length,
      atHardLimit: quotas.filter((q) => q.currentUsage >= q.hardLimit).length,
      highestUtilizationPercent: quotas.reduce((m, q) => Math.max(m, q.utilizationPercent), 0),
      quotas,
    };
  }

  /**
   * Records usage. Refused usage (HARD quota, hard limit exceeded) is recorded as refused, raises a
   * critical alert, and is then reported as 403 DPF-TEN-041 with the usage fields in `details`.
   */
  async record(caller: Principal, tenantId: string, input: UsageInput): Promise<UsageResult> {
    const tenant = await scopedTenant(this.tenants, caller, tenantId);
    const type = this.resourceType(input.resourceType);
    if (input.amount === 0) throw new DomainError(TenantError.QUOTA_USAGE_INVALID, 'amount must not be 0', { field: 'amount' });
    const source = input.source.trim();
    if (!source) throw new DomainError(TenantError.QUOTA_USAGE_INVALID, 'source must not be empty', { field: 'source' });
    const out = await this.repo.recordUsage(tenant.id, type, input.amount, source, [{ channel: 'EMAIL', recipient: tenant.adminEmail }]);
    if (!out.quota) throw new DomainError(TenantError.QUOTA_NOT_FOUND, undefined, { resourceType: type });
    if (out.belowZero) throw new DomainError(TenantError.QUOTA_USAGE_INVALID, 'The release would take usage below zero', { field: 'amount' });
    const { used, softLimit, hardLimit } = out.quota;
    const result: UsageResult = {
      accepted: out.accepted, resourceType: type, currentUsage: used, softLimit, hardLimit,
      utilizationPercent: utilizationPercent(used, hardLimit), warningIssued: used >= softLimit, message: null,
    };
    if (!out.accepted) {
      const message = `Usage of ${input.amount} ${RESOURCE_TYPES[type].unit} refused: ${used} + ${input.amount} exceeds the hard limit ${hardLimit}`;
      throw new DomainError(TenantError.QUOTA_EXCEEDED, message, { ...result, warningIssued: true, message });
    }
    if (result.warningIssued) result.message = used >= hardLimit ? `${type} usage reached the hard limit ${hardLimit}` : `${type} usage is above the soft limit ${softLimit}`;
    return result;
  }

  async check(caller: Principal, tenantId: string, resourceType: string, amount: number): Promise<QuotaCheckResult> {
    const tenant = await scopedTenant(this.tenants, caller, tenantId);
    if (!Number.isFinite(amount) || amount < 0) throw new DomainError(TenantError.QUOTA_USAGE_INVALID, 'amount must be a number, 0 or more', { field: 'amount' });
    const row = await this.row(tenant, resourceType);
    const used = currentUsage(row);
    const after = used + amount;
    return {
      resourceType: row.resourceType, requestedAmount: amount, currentUsage: used, softLimit: row.softLimit, hardLimit: row.hardLimit,
      available: Math.max(0, row.hardLimit - used), allowed: row.enforcementMode !== 'HARD' || after <= row.hardLimit,
      wouldExceedSoftLimit: after >= row.softLimit, utilizationPercentAfter: utilizationPercent(after, row.hardLimit),
    };
  }

  async history(caller: Principal, tenantId: string, resourceType: string, start?: Date, end?: Date): Promise<UsageHistory> {
    const tenant = await scopedTenant(this.tenants, caller, tenantId);
    const row = await this.row(tenant, resourceType);
    const range = this.range(start, end, HISTORY_DEFAULT_DAYS);
    const records = await this.repo.history(tenant.id, row.resourceType, range.start, range.end, HISTORY_MAX_RECORDS);
    return {
      resourceType: row.resourceType, ...range,
      records: records.map((r) => ({ id: r.id.toString(), amount: r.amount, usageAfter: r.usedAfter, hardLimit: r.hardLimit, source: r.source, accepted: r.accepted, recordedAt: r.recordedAt })),
    };
  }

  async trend(caller: Principal, tenantId: string, resourceType: string, start?: Date, end?: Date, interval = 'day'): Promise<UsageTrend> {
    const tenant = await scopedTenant(this.tenants, caller, tenantId);
    if (!(TREND_INTERVALS as readonly string[]).includes(interval)) throw new DomainError(TenantError.QUOTA_USAGE_INVALID, 'interval must be hour, day or week', { field: 'interval' });
    const row = await this.row(tenant, resourceType);
    const range = this.range(start, end, TREND_DEFAULT_DAYS);
    const points = await this.repo.trend(tenant.id, row.resourceType, range.start, range.end, interval);
    return {
      resourceType: row.resourceType, interval, ...range,
      points: points.map((p) => ({
        bucketStart: p.bucket, totalAmount: p.total, acceptedCount: p.accepted, refusedCount: p.refused,
        peakUsage: p.peak, averageUsage: Math.round(p.average * 100) / 100, peakUtilizationPercent: Math.round(p.peakPercent * 100) / 100,
      })),
    };
  }

  private resourceType(value: string): ResourceType {
    if (!isResourceType(value)) throw invalid('resourceType', `Unknown resource type ${value}`);
    return value;
  }

  private async row(tenant: TenantRow, resourceType: string): Promise<QuotaRow> {
    const type = resourceType.toUpperCase();
    if (!isResourceType(type)) throw invalid('resourceType', `Unknown resource type ${resourceType}`);
    const row = await this.repo.find(tenant.id, type);
    if (!row) throw new DomainError(TenantError.QUOTA_NOT_FOUND, undefined, { resourceType: type });
    return row;
  }

  private range(start: Date | undefined, end: Date | undefined, defaultDays: number): { start: Date; end: Date } {
    const e = end ?? new Date();
    const s = start ?? new Date(e.getTime() - defaultDays * DAY_MS);
    if (s > e) throw new DomainError(TenantError.QUOTA_USAGE_INVALID, 'start must not be after end', { field: 'start' });
    return { start: s, end: e };
  }
}
