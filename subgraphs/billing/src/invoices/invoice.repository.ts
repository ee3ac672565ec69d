import type { Prisma, PrismaClient } from '@dataplat/db';
import { formatDecimal, PRICE_SCALE, QTY_SCALE } from '../money/decimal';
import type { Period } from '../money/period';
import type { Charges } from '../plans/pricing';

const WITH_LINES = { lines: { orderBy: { position: 'asc' as const } } } satisfies Prisma.InvoiceInclude;
export type InvoiceRow = Prisma.InvoiceGetPayload<{ include: typeof WITH_LINES }>;

export interface InvoiceFilter {
  tenantId?: string;
  period?: string;
  status?: string;
}

/** billing.invoices and billing.invoice_lines. */
export class InvoiceRepository {
  constructor(private readonly db: PrismaClient) {}

  /**
   * Writes the DRAFT of a tenant's period: created, or replaced (lines and totals) when the
   * existing invoice is still DRAFT; a FINALIZED invoice is never touched ('SKIPPED'). The
   * DRAFT guard is in the UPDATE's WHERE, so a finalize racing with generation wins cleanly.
   */
  async writeDraft(tenantId: string, p: Period, planId: string, c: Charges): Promise<{ outcome: 'CREATED' | 'REPLACED' | 'SKIPPED'; id: string }> {
    return this.db.$transaction(async (tx) => {
      const totals = { planId, currency: c.currency, subtotalMinor: c.subtotal, taxMinor: c.tax, totalMinor: c.total, generatedAt: new Date() };
      const existing = await tx.invoice.findUnique({ where: { tenantId_period: { tenantId, period: p.period } }, select: { id: true } });
      let outcome: 'CREATED' | 'REPLACED';
      let id: string;
      if (existing) {
        const updated = await tx.invoice.updateMany({ where: { id: existing.id, status: 'DRAFT' }, data: totals });
        if (updated.count === 0) return { outcome: 'SKIPPED', id: existing.id };
        await tx.invoiceLine.deleteMany({ where: { tenantId, invoiceId: existing.id } });
        [outcome, id] = ['REPLACED', existing.id];
      } else {
        const created = await tx.invoice.create({ data: { tenantId, period: p.period, periodStart: p.start, periodEnd: p.end, status: 'DRAFT', ...totals } });
        [outcome, id] = ['CREATED', created.id];
      }
      await tx.invoiceLine.createMany({
        data: c.lines.map((l) => ({
          tenantId, invoiceId: id, position: l.position, kind: l.kind, meter: l.meter, description: l.description, unit: l.unit,
          quantity: formatDecimal(l.quantity, QTY_SCALE), included: formatDecimal(l.included, QTY_SCALE), billable: formatDecimal(l.billable, QTY_SCALE),
          unitPriceMinor: formatDecimal(l.unitPrice, PRICE_SCALE), amountMinor: l.amount,
        })),
      });
      return { outcome, id };
    });
  }

  /** Tenants that have an invoice (any status) for the period. */
  async tenantsInvoiced(period: string): Promise<Set<string>> {
    const rows = await this.db.invoice.findMany({ where: { period }, select: { tenantId: true } });
    return new Set(rows.map((r) => r.tenantId));
  }

  find(id: string): Promise<InvoiceRow | null> {
    return this.db.invoice.findUnique({ where: { id }, include: WITH_LINES });
  }

  async list(filter: InvoiceFilter, skip: number, take: number): Promise<{ rows: InvoiceRow[]; total: number }> {
    const where = { ...filter };
    const [rows, total] = await Promise.all([
      this.db.invoice.findMany({ where, include: WITH_LINES, orderBy: [{ period: 'desc' }, { generatedAt: 'desc' }, { id: 'asc' }], skip, take }),
      this.db.invoice.count({ where }),
    ]);
    return { rows, total };
  }

  /** DRAFT -> FINALIZED; false when the invoice is not DRAFT. */
  async finalize(id: string, by: string): Promise<boolean> {
    const { count } = await this.db.invoice.updateMany({ where: { id, status: 'DRAFT' }, data: { status: 'FINALIZED', finalizedAt: new Date(), finalizedBy: by } });
    return count === 1;
  }
}
