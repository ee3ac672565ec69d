import { Arg, Args, Authorized, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { PageArgs, requirePrincipal, SystemRole, type RequestContext } from '@dataplat/kit';
import type { InvoiceService } from './invoice.service';
import { Invoice, InvoiceGeneration, InvoicePage } from './invoice.type';
import { BILLING_READ, BILLING_WRITE } from '../permissions';

const { ADMIN, PLATFORM_ADMIN } = SystemRole;
const OPTIONAL = { nullable: true } as const;

@Resolver(() => Invoice)
export class InvoiceResolver {
  constructor(private readonly service: InvoiceService) {}

  @Authorized(PLATFORM_ADMIN, BILLING_WRITE)
  @Mutation(() => InvoiceGeneration, { description: 'Generates the DRAFT invoices of a period (YYYY-MM) for every billing account, or one tenant; FINALIZED invoices are never touched.' })
  generateInvoices(@Arg('period') period: string, @Arg('tenantId', () => ID, OPTIONAL) tenantId: string | null): Promise<InvoiceGeneration> {
    return this.service.generate(period, tenantId);
  }

  @Authorized(PLATFORM_ADMIN, BILLING_READ)
  @Query(() => InvoicePage, { description: 'Every invoice (platform administrators), newest period first.' })
  invoices(
    @Args() args: PageArgs,
    @Arg('tenantId', () => String, OPTIONAL) tenantId: string | null,
    @Arg('period', () => String, OPTIONAL) period: string | null,
    @Arg('status', () => String, OPTIONAL) status: string | null,
  ): Promise<InvoicePage> {
    return this.service.list({ tenantId: tenantId ?? undefined, period: period ?? undefined, status: status ?? undefined }, args.page, args.size);
  }

  @Authorized(ADMIN, PLATFORM_ADMIN, BILLING_READ)
  @Query(() => Invoice, { description: 'One invoice (a tenant administrator: of their tenant only).' })
  invoice(@Arg('id', () => ID) id: string, @Ctx() ctx: RequestContext): Promise<Invoice> {
    return this.service.get(requirePrincipal(ctx), id);
  }

  @Authorized(ADMIN, PLATFORM_ADMIN, BILLING_READ)
  @Query(() => InvoicePage, { description: 'A tenant\'s invoices, newest period first.' })
  tenantInvoices(
    @Arg('tenantId', () => ID) tenantId: string,
    @Args() args: PageArgs,
    @Arg('period', () => String, OPTIONAL) period: string | null,
    @Arg('status', () => String, OPTIONAL) status: string | null,
    @Ctx() ctx: RequestContext,
  ): Promise<InvoicePage> {
    return this.service.ofTenant(requirePrincipal(ctx), tenantId, period, status, args.page, args.size);
  }

  @Authorized(ADMIN, PLATFORM_ADMIN, BILLING_READ)
  @Query(() => Invoice, { description: 'One invoice of a tenant.' })
  tenantInvoice(@Arg('tenantId', () => ID) tenantId: string, @Arg('invoiceId', () => ID) invoiceId: string, @Ctx() ctx: RequestContext): Promise<Invoice> {
    return this.service.oneOfTenant(requirePrincipal(ctx), tenantId, invoiceId);
  }

  @Authorized(PLATFORM_ADMIN, BILLING_WRITE)
  @Mutation(() => Invoice, { description: 'DRAFT -> FINALIZED; a finalized invoice is immutable (409 DPF-BIL-004 when not DRAFT).' })
  finalizeInvoice(@Arg('id', () => ID) id: string, @Ctx() ctx: RequestContext): Promise<Invoice> {
    return this.service.finalize(requirePrincipal(ctx), id);
  }
}
