import { DomainError, ErrorCode, type Principal } from '@dataplat/kit';
import type { AccountService } from '../accounts/account.service';
import type { BudgetMonitor } from '../budgets/budget-monitor';
import { formatDecimal, fromDb, QTY_SCALE } from '../money/decimal';
import { periodOrCurrent } from '../money/period';
import type { PlanService } from '../plans/plan.service';
import { METERS } from '../plans/pricing';
import { validateEvent } from './event-rules';
import type { MeteringEventInput } from './metering.inputs';
import type { MeteringEventRow, MeteringRepository } from './metering.repository';
import type { MeteringAcceptance, MeteringSummary } from './metering.type';

const toAcceptance = (row: MeteringEventRow, duplicate: boolean): MeteringAcceptance => ({
  eventId: row.eventId, tenantId: row.tenantId, meter: row.meter, quantity: formatDecimal(fromDb(row.quantity, QTY_SCALE), QTY_SCALE),
  timestamp: row.occurredAt, period: row.period, source: row.source, dimensions: (row.dimensions ?? {}) as Record<string, unknown>,
  acceptedAt: row.acceptedAt, status: 'ACCEPTED', duplicate,
});

/** Metering (spec 2 "Events"): events from internal services, counted once per eventId. */
export class MeteringService {
  constructor(
    private readonly repo: MeteringRepository,
    private readonly accounts: AccountService,
    private readonly plans: PlanService,
    private readonly monitor: BudgetMonitor,
  ) {}

  /** Service tokens only (scope metering:write): a user's token is refused even with a scope. */
  async record(caller: Principal, input: MeteringEventInput): Promise<MeteringAcceptance> {
    if (caller.kind !== 'service_token') throw new DomainError(ErrorCode.FORBIDDEN, 'Metering events are accepted from service tokens only');
    const event = validateEvent(input);
    const account = await this.accounts.ensure(event.tenantId);
    const plan = await this.plans.price(account.planId);
    const { row, duplicate } = await this.repo.accept(event, (tx) => this.monitor.check(tx, event.tenantId, event.period, plan, account.adminEmail).then(() => undefined));
    return toAcceptance(row, duplicate);
  }

  async summary(tenantId: string, periodText: string | null | undefined): Promise<MeteringSummary> {
    const { period } = periodOrCurrent(periodText);
    const groups = await this.repo.summary(tenantId, period);
    return {
      tenantId, period, totalEvents: groups.reduce((n, g) => n + g.eventCount, 0),
      meters: groups.map((g) => ({ meter: g.meter, unit: METERS[g.meter] ?? '', quantity: formatDecimal(fromDb(g.quantity, QTY_SCALE), QTY_SCALE), eventCount: g.eventCount, firstEventAt: g.firstEventAt, lastEventAt: g.lastEventAt })),
    };
  }
}
