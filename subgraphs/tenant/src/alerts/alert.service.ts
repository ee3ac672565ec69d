import { isUniqueViolation, type Prisma } from '@dataplat/db';
import { DomainError, paginate, pageWindow, type Page, type Principal } from '@dataplat/kit';
import { TenantError } from '../errors';
import type { TenantRepository } from '../tenants/tenant.repository';
import { scopedTenant } from '../quotas/tenant-scope';
import { ALERT_TRANSITIONS, parseChannel, periodSeconds, type AlertAction } from './alert.model';
import type { AcknowledgeAlertInput, AlertListArgs, AlertRuleInput, ResolveAlertInput, UpdateAlertRuleInput } from './alert.inputs';
import type { AlertRepository, AlertRow, RuleRow } from './alert.repository';
import type { Alert, AlertRuleType, AlertSummary } from './alert.type';

const toAlert = (r: AlertRow): Alert => ({ ...r });
const toRule = (r: RuleRow): AlertRuleType => ({
  id: r.id, tenantId: r.tenantId, ruleName: r.ruleName, resourceType: r.resourceType, condition: r.condition, threshold: r.threshold,
  severity: r.severity, evaluationPeriod: r.evaluationPeriod, notificationChannels: r.notificationChannels, enabled: r.enabled,
  lastEvaluatedAt: r.lastEvaluatedAt, createdAt: r.createdAt, updatedAt: r.updatedAt,
});
const isUuidLike = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);
const invalidRule = (field: string, message: string) => new DomainError(TenantError.ALERT_RULE_INVALID, message, { field });

/** Alerts and alert rules of a tenant (docs/tenant-quotas-alerts.md). */
export class AlertService {
  constructor(
    private readonly repo: AlertRepository,
    private readonly tenants: TenantRepository,
  ) {}

  async list(caller: Principal, tenantId: string, args: AlertListArgs): Promise<Page<Alert>> {
    const t = await scopedTenant(this.tenants, caller, tenantId);
    const { skip, take } = pageWindow(args);
    const { rows, total } = await this.repo.list(t.id, args.status, skip, take);
    return { data: rows.map(toAlert), pagination: paginate(args.page, args.size, total) };
  }

  async active(caller: Principal, tenantId: string): Promise<Alert[]> {
    const t = await scopedTenant(this.tenants, caller, tenantId);
    return (await this.repo.active(t.id)).map(toAlert);
  }

  async summary(caller: Principal, tenantId: string): Promise<AlertSummary> {
    const t = await scopedTenant(this.tenants, caller, tenantId);
    const counts = await this.repo.counts(t.id);
    const of = (status: string) => counts.byStatus.find((c) => c.key === status)?.count ?? 0;
    return {
      tenantId: t.id,
      total: counts.byStatus.reduce((n, c) => n + c.count, 0),
      active: of('ACTIVE'),
      open: of('ACTIVE') + of('ACKNOWLEDGED') + of('SUPPRESSED'),
      ...counts,
    };
  }

  async get(caller: Principal, tenantId: string, id: string): Promise<Alert> {
    const t = await scopedTenant(this.tenants, caller, tenantId);
    return toAlert(await this.alert(t.id, id));
  }

  acknowledge(caller: Principal, tenantId: string, id: string, input: AcknowledgeAlertInput): Promise<Alert> {
    return this.move(caller, tenantId, id, 'acknowledge', { acknowledgedBy: input.userId, acknowledgedAt: new Date() });
  }

  suppress(caller: Principal, tenantId: string, id: string): Promise<Alert> {
    return this.move(caller, tenantId, id, 'suppress', { suppressedAt: new Date() });
  }

  resolve(caller: Principal, tenantId: string, id: string, input: ResolveAlertInput): Promise<Alert> {
    return this.move(caller, tenantId, id, 'resolve', { resolvedBy: input.userId, resolvedAt: new Date(), resolutionType: input.resolutionType, resolutionNotes: input.notes ?? null });
  }

  async rules(caller: Principal, tenantId: string): Promise<AlertRuleType[]> {
    const t = await scopedTenant(this.tenants, caller, tenantId);
    return (await this.repo.rules(t.id)).map(toRule);
  }

  async rule(caller: Principal, tenantId: string, id: string): Promise<AlertRuleType> {
    const t = await scopedTenant(this.tenants, caller, tenantId);
    return toRule(await this.ruleRow(t.id, id));
  }

  async createRule(caller: Principal, tenantId: string, input: AlertRuleInput): Promise<AlertRuleType> {
    const t = await scopedTenant(this.tenants, caller, tenantId);
    const data = { ...(validRule(input) as Required<ReturnType<typeof validRule>>), tenantId: t.id, ruleName: input.ruleName.trim(), resourceType: input.resourceType, condition: input.condition, threshold: input.threshold, severity: input.severity, enabled: input.enabled ?? true };
    const row = await this.named(() => this.repo.createRule(data), data.ruleName);
    if (row.enabled) await this.repo.evaluateNow(t.id, row.id);
    return toRule((await this.repo.rule(t.id, row.id)) ?? row);
  }

  async updateRule(caller: Principal, tenantId: string, id: string, input: UpdateAlertRuleInput): Promise<AlertRuleType> {
    const t = await scopedTenant(this.tenants, caller, tenantId);
    await this.ruleRow(t.id, id);
    const data: Prisma.AlertRuleUpdateManyMutationInput = { ...validRule(input) };
    for (const k of ['resourceType', 'condition', 'threshold', 'severity', 'enabled'] as const) if (input[k] != null) (data as any)[k] = input[k];
    if (input.ruleName != null) data.ruleName = input.ruleName.trim();
    if (data.ruleName === '') throw invalidRule('ruleName', 'ruleName must not be empty');
    const row = await this.named(() => this.repo.updateRule(t.id, id, { ...data, lastEvaluatedAt: null }), String(data.ruleName ?? ''));
    if (!row) throw new DomainError(TenantError.ALERT_RULE_NOT_FOUND);
    if (row.enabled) await this.repo.evaluateNow(t.id, id);
    return toRule((await this.repo.rule(t.id, id)) ?? row);
  }

  async deleteRule(caller: Principal, tenantId: string, id: string): Promise<boolean> {
    const t = await scopedTenant(this.tenants, caller, tenantId);
    if (!isUuidLike(id) || !(await this.repo.deleteRule(t.id, id))) throw new DomainError(TenantError.ALERT_RULE_NOT_FOUND);
    return true;
  }

  /** enable/disable are idempotent; enabling evaluates the rule at once. */
  async setEnabled(caller: Principal, tenantId: string, id: string, enabled: boolean): Promise<AlertRuleType> {
    const t = await scopedTenant(this.tenants, caller, tenantId);
    await this.ruleRow(t.id, id);
    const row = await this.repo.updateRule(t.id, id, enabled ? { enabled, lastEvaluatedAt: null } : { enabled });
    if (!row) throw new DomainError(TenantError.ALERT_RULE_NOT_FOUND);
    if (enabled) await this.repo.evaluateNow(t.id, id);
    return toRule((await this.repo.rule(t.id, id)) ?? row);
  }

  private async move(caller: Principal, tenantId: string, id: string, action: AlertAction, data: Prisma.TenantAlertUpdateManyMutationInput): Promise<Alert> {
    const t = await scopedTenant(this.tenants, caller, tenantId);
    const current = await this.alert(t.id, id);
    const { from, to } = ALERT_TRANSITIONS[action];
    if (!(await this.repo.move(t.id, id, from, { ...data, status: to }))) {
      const now = (await this.repo.find(t.id, id)) ?? current;
      throw new DomainError(TenantError.ALERT_ILLEGAL_TRANSITION, `An alert in status ${now.status} cannot be ${action === 'suppress' ? 'suppressed' : `${action}d`}`, { status: now.status, action });
    }
    return toAlert((await this.repo.find(t.id, id))!);
  }

  private async alert(tenantId: string, id: string): Promise<AlertRow> {
    const row = isUuidLike(id) ? await this.repo.find(tenantId, id.toLowerCase()) : null;
    if (!row) throw new DomainError(TenantError.ALERT_NOT_FOUND);
    return row;
  }

  private async ruleRow(tenantId: string, id: string): Promise<RuleRow> {
    const row = isUuidLike(id) ? await this.repo.rule(tenantId, id.toLowerCase()) : null;
    if (!row) throw new DomainError(TenantError.ALERT_RULE_NOT_FOUND);
    return row;
  }

  private async named<T>(write: () => Promise<T>, ruleName: string): Promise<T> {
    try {
      return await write();
    } catch (e) {
      if (isUniqueViolation(e)) throw new DomainError(TenantError.ALERT_RULE_NAME_EXISTS, undefined, { ruleName });
      throw e;
    }
  }
}

/** Checks evaluationPeriod and channels when given; returns their stored columns. */
function validRule(input: { evaluationPeriod?: string; notificationChannels?: string[] }) {
  const out: { evaluationPeriod?: string; periodSeconds?: number; notificationChannels?: string[] } = {};
  if (input.evaluationPeriod != null) {
    const seconds = periodSeconds(input.evaluationPeriod);
    if (seconds === null) throw invalidRule('evaluationPeriod', 'evaluationPeriod must be like 30s, 5m, 1h or 1d, from 10 seconds to 7 days');
    out.evaluationPeriod = input.evaluationPeriod.trim();
    out.periodSeconds = seconds;
  }
  if (input.notificationChannels != null) {
    const bad = input.notificationChannels.find((c) => parseChannel(c) === null);
    if (bad !== undefined) throw invalidRule('notificationChannels', `Unknown notification channel "${bad}": use email:<address>, webhook:<URL> or chat:<channel>`);
    out.notificationChannels = [...new Set(input.notificationChannels.map((c) => c.trim()))];
  }
  return out;
}
