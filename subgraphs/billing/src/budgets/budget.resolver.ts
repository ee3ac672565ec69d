import { Arg, Args, Authorized, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { PageArgs, requirePrincipal, SystemRole, type RequestContext } from '@dataplat/kit';
import { BudgetInput } from './budget.inputs';
import type { BudgetService } from './budget.service';
import { Budget, BudgetAlertPage } from './budget.type';
import { BILLING_READ, BILLING_WRITE } from '../permissions';

const { ADMIN, PLATFORM_ADMIN } = SystemRole;

@Resolver(() => Budget)
export class BudgetResolver {
  constructor(private readonly service: BudgetService) {}

  @Authorized(ADMIN, PLATFORM_ADMIN, BILLING_READ)
  @Query(() => Budget, { description: 'A tenant\'s monthly budget with the current spend (404 DPF-BIL-005 when none is set).' })
  billingBudget(@Arg('tenantId', () => ID) tenantId: string, @Ctx() ctx: RequestContext): Promise<Budget> {
    return this.service.get(requirePrincipal(ctx), tenantId);
  }

  @Authorized(ADMIN, PLATFORM_ADMIN, BILLING_WRITE)
  @Mutation(() => Budget, { description: 'Sets a tenant\'s monthly budget and alert thresholds.' })
  setBillingBudget(@Arg('tenantId', () => ID) tenantId: string, @Arg('input') input: BudgetInput, @Ctx() ctx: RequestContext): Promise<Budget> {
    return this.service.set(requirePrincipal(ctx), tenantId, input);
  }

  @Authorized(ADMIN, PLATFORM_ADMIN, BILLING_READ)
  @Query(() => BudgetAlertPage, { description: 'Budget alerts of the acting tenant, most recent first.' })
  billingAlerts(
    @Args() args: PageArgs,
    @Arg('period', () => String, { nullable: true, description: 'YYYY-MM.' }) period: string | null,
    @Ctx() ctx: RequestContext,
  ): Promise<BudgetAlertPage> {
    return this.service.alerts(requirePrincipal(ctx), period, args.page, args.size);
  }
}
