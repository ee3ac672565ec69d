import { DomainError, isPlatformAdmin, isUuid, pageWindow, paginate, type Page, type Principal } from '@dataplat/kit';
import { BillingError } from '../errors';
import type { AccountService } from '../accounts/account.service';
import { scopedTenantId } from '../accounts/billing-scope';
import { fromDb, PRICE_SCALE, QTY_SCALE, toSafe } from '../money/decimal';
import { parsePeriod, periodOf } from '../money/period';
import { toLineItem } from '../plans/charge.type';
import type { PlanService } from '../plans/plan.service';
import { computeCharges, type TaxPolicy } from '../plans/pricing';
import type { UsageRepository } from '../usage/usage.repository';
import type { InvoiceFilter, InvoiceRepository, InvoiceRow } from './invoice.repository';
import type { Invoice, InvoiceGeneration } from './invoice.type';

export const INVOICE_STATUSES = ['DRAFT', 'FINALIZED'];

export const toInvoice = (row: InvoiceRow): Invoice => ({
  id: row.id, tenantId: row.tenantId, period: row.period, periodStart: row.periodStart, periodEnd: row.periodEnd, planId: row.planId,
  currency: row.currency, status: row.status, subtotalMinor: toSafe(row.subtotalMinor), taxMinor: toSafe(row.taxMinor), totalMinor: toSafe(row.totalMinor),
  generatedAt: row.generatedAt, finalizedAt: row.finalizedAt, finalizedBy: row.finalizedBy,
  lineItems: row.lines.map((l) => toLineItem({
    position: l.position, kind: l.kind as 'BASE_FEE' | 'USAGE', meter: l.meter, description: l.description, unit: l.unit,
    quantity: fromDb(l.quantity, QTY_SCALE), included: fromDb(l.included, QTY_SCALE), billable: fromDb(l.billable, QTY_SCALE),
    unitPrice: fromDb(l.unitPriceMinor, PRICE_SCALE), amount: l.amountMinor,
  })),
});

/** Invoices per tenant and calendar month (docs/billing-service.md "Invoices"). */
export class InvoiceService {
  constructor(
    private readonly repo: InvoiceRepository,
    private readonly usage: UsageRepository,
    private readonly accounts: AccountService,
    private readonly plans: PlanService,
    private readonly tax: TaxPolicy,
  ) {}

  /**
   * DRAFT invoices of a period for every billing account (or one tenant), from the period's
   * usage aggregates and the tenant's plan read again through the graph. A month that has not
   * begun is refused; the current month gives a DRAFT that a later run replaces.
   */
  async generate(periodText: string, tenantId?: string | null): Promise<InvoiceGeneration> {
    const p = parsePeriod(periodText);
    if (p.start.getTime() > Date.now()) throw new DomainError(BillingError.PERIOD_INVALID, `The period ${p.period} has not begun`);
    if (tenantId && !isUuid(tenantId.toLowerCase())) throw new DomainError(BillingError.TENANT_NOT_FOUND);
    const accounts = tenantId ? [await this.accounts.ensure(tenantId.toLowerCase(), true)] : await this.accounts.all();
    const result: InvoiceGeneration = { period: p.period, created: 0, replaced: 0, skipped: 0, invoices: [] };
    for (const known of accounts) {
      const account = tenantId ? known : await this.accounts.ensure(known.tenantId, true);
      const plan = await this.plans.price(account.planId);
      const charges = computeCharges(plan, await this.usage.byMeter(account.tenantId, p.period), account.tenantId, this.tax);
      const { outcome, id } = await this.repo.writeDraft(account.tenantId, p, plan.id, charges);
      if (outcome === 'SKIPPED') result.skipped++;
      else {
        result[outcome === 'CREATED' ? 'created' : 'replaced']++;
        result.invoices.push(toInvoice((await this.repo.find(id))!));
      }
    }
    return result;
  }

  /**
   * The scheduled run: DRAFTs of the last closed month for the accounts that have none yet
   * (existing invoices are left alone; regenerating is the mutation's job). Two replicas racing
   * on one tenant: the unique (tenant_id, period) key refuses the second, which skips it.
   */
  async draftClosedMonth(now = new Date()): Promise<{ period: string; created: number }> {
    const p = parsePeriod(periodOf(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1))));
    const invoiced = await this.repo.tenantsInvoiced(p.period);
    let created = 0;
    for (const account of await this.accounts.all()) {
      if (invoiced.has(account.tenantId)) continue;
      const usage = await this.usage.byMeter(account.tenantId, p.period);
      if (usage.size === 0 && account.createdAt >= p.end) continue; // not a customer yet in that month
      const plan = await this.plans.price(account.planId);
      const charges = computeCharges(plan, usage, account.tenantId, this.tax);
      try {
        if ((await this.repo.writeDraft(account.tenantId, p, plan.id, charges)).outcome === 'CREATED') created++;
      } catch (e) {
        if ((e as { code?: string }).code !== 'P2002') throw e;
      }
    }
    return { period: p.period, created };
  }

  async list(filter: InvoiceFilter, page: number, size: number): Promise<Page<Invoice>> {
    if (filter.status && !INVOICE_STATUSES.includes(filter.status)) throw new DomainError(BillingError.INVALID_FILTER, `status must be one of ${INVOICE_STATUSES.join(', ')}`);
    if (filter.tenantId && !isUuid(filter.tenantId.toLowerCase())) throw new DomainError(BillingError.INVALID_FILTER, 'tenantId is not a UUID');
    const where: InvoiceFilter = {
      ...(filter.tenantId ? { tenantId: filter.tenantId.toLowerCase() } : {}),
      ...(filter.period ? { period: parsePeriod(filter.period).period } : {}),
      ...(filter.status ? { status: filter.status } : {}),
    };
    const { skip, take } = pageWindow({ page, size });
    const { rows, total } = await this.repo.list(where, skip, take);
    return { data: rows.map(toInvoice), pagination: paginate(page, size, total) };
  }

  /** One invoice: platform administrators any, a tenant administrator its tenant's (else 404). */
  async get(caller: Principal, id: string): Promise<Invoice> {
    const row = await this.row(id);
    if (!isPlatformAdmin(caller) && caller.tenantId !== row.tenantId) throw new DomainError(BillingError.INVOICE_NOT_FOUND);
    return toInvoice(row);
  }

  async ofTenant(caller: Principal, tenantId: string, period: string | null, status: string | null, page: number, size: number): Promise<Page<Invoice>> {
    const id = scopedTenantId(caller, tenantId);
    await this.accounts.ensure(id);
    return this.list({ tenantId: id, period: period ?? undefined, status: status ?? undefined }, page, size);
  }

  async oneOfTenant(caller: Principal, tenantId: string, invoiceId: string): Promise<Invoice> {
    const id = scopedTenantId(caller, tenantId);
    const row = await this.row(invoiceId);
    if (row.tenantId !== id) throw new DomainError(BillingError.INVOICE_NOT_FOUND);
    return toInvoice(row);
  }

  /** DRAFT -> FINALIZED (immutable from then on); anything else is 409 DPF-BIL-004. */
  async finalize(caller: Principal, id: string): Promise<Invoice> {
    await this.row(id);
    if (!(await this.repo.finalize(id.toLowerCase(), caller.subject))) throw new DomainError(BillingError.INVOICE_NOT_DRAFT);
    return toInvoice((await this.repo.find(id.toLowerCase()))!);
  }

  private async row(id: string): Promise<InvoiceRow> {
    const key = id.trim().toLowerCase();
    const row = isUuid(key) ? await this.repo.find(key) : null;
    if (!row) throw new DomainError(BillingError.INVOICE_NOT_FOUND);
    return row;
  }
}
