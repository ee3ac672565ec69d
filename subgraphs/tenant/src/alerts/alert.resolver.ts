import { Arg, Args, Authorized, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { requirePrincipal, SystemRole, type RequestContext } from '@dataplat/kit';
import { AcknowledgeAlertInput, AlertListArgs, AlertRuleInput, ResolveAlertInput, UpdateAlertRuleInput } from './alert.inputs';
import type { AlertService } from './alert.service';
import { Alert, AlertPage, AlertRuleType, AlertSummary } from './alert.type';
import { ALERTS_READ, ALERTS_WRITE } from '../permissions';

const { ADMIN, PLATFORM_ADMIN } = SystemRole;

/** Alerts and alert rules of spec 2: a tenant's administrators (their tenant) and platform administrators (any). */
@Resolver(() => Alert)
export class AlertResolver {
  constructor(private readonly service: AlertService) {}

  @Authorized(ADMIN, PLATFORM_ADMIN, ALERTS_READ)
  @Query(() => AlertPage, { description: 'Alerts of a tenant, most recent first.' })
  alerts(@Arg('tenantId', () => ID) tenantId: string, @Args() args: AlertListArgs, @Ctx() ctx: RequestContext): Promise<AlertPage> {
    return this.service.list(requirePrincipal(ctx), tenantId, args);
  }

  @Authorized(ADMIN, PLATFORM_ADMIN, ALERTS_READ)
  @Query(() => [Alert], { description: 'All ACTIVE alerts, unpaginated.' })
  activeAlerts(@Arg('tenantId', () => ID) tenantId: string, @Ctx() ctx: RequestContext): Promise<Alert[]> {
    return this.service.active(requirePrincipal(ctx), tenantId);
  }

  @Authorized(ADMIN, PLATFORM_ADMIN, ALERTS_READ)
  @Query(() => AlertSummary)
  alertSummary(@Arg('tenantId', () => ID) tenantId: string, @Ctx() ctx: RequestContext): Promise<AlertSummary> {
    return this.service.summary(requirePrincipal(ctx), tenantId);
  }

  @Authorized(ADMIN, PLATFORM_ADMIN, ALERTS_READ)
  @Query(() => Alert)
  alert(@Arg('tenantId', () => ID) tenantId: string, @Arg('alertId', () => ID) alertId: string, @Ctx() ctx: RequestContext): Promise<Alert> {
    return this.service.get(requirePrincipal(ctx), tenantId, alertId);
  }

  @Authorized(ADMIN, PLATFORM_ADMIN, ALERTS_WRITE)
  @Mutation(() => Alert, { description: 'ACTIVE to ACKNOWLEDGED.' })
  acknowledgeAlert(@Arg('tenantId', () => ID) tenantId: string, @Arg('alertId', () => ID) alertId: string, @Arg('input') input: AcknowledgeAlertInput, @Ctx() ctx: RequestContext): Promise<Alert> {
    return this.service.acknowledge(requirePrincipal(ctx), tenantId, alertId, input);
  }

  @Authorized(ADMIN, PLATFORM_ADMIN, ALERTS_WRITE)
  @Mutation(() => Alert, { description: 'ACKNOWLEDGED or SUPPRESSED to RESOLVED.' })
  resolveAlert(@Arg('tenantId', () => ID) tenantId: string, @Arg('alertId', () => ID) alertId: string, @Arg('input') input: ResolveAlertInput, @Ctx() ctx: RequestContext): Promise<Alert> {
    return this.service.resolve(requirePrincipal(ctx), tenantId, alertId, input);
  }

  @Authorized(ADMIN, PLATFORM_ADMIN, ALERTS_WRITE)
  @Mutation(() => Alert, { description: 'ACTIVE to SUPPRESSED.' })
  suppressAlert(@Arg('tenantId', () => ID) tenantId: string, @Arg('alertId', () => ID) alertId: string, @Ctx() ctx: RequestContext): Promise<Alert> {
    return this.service.suppress(requirePrincipal(ctx), tenantId, alertId);
  }

  @Authorized(ADMIN, PLATFORM_ADMIN, ALERTS_READ)
  @Query(() => [AlertRuleType])
  alertRules(@Arg('tenantId', () => ID) tenantId: string, @Ctx() ctx: RequestContext): Promise<AlertRuleType[]> {
    return this.service.rules(requirePrincipal(ctx), tenantId);
  }

  @Authorized(ADMIN, PLATFORM_ADMIN, ALERTS_READ)
  @Query(() => AlertRuleType)
  alertRule(@Arg('tenantId', () => ID) tenantId: string, @Arg('ruleId', () => ID) ruleId: string, @Ctx() ctx: RequestContext): Promise<AlertRuleType> {
    return this.service.rule(requirePrincipal(ctx), tenantId, ruleId);
  }

  @Authorized(ADMIN, PLATFORM_ADMIN, ALERTS_WRITE)
  @Mutation(() => AlertRuleType, { description: 'Creates a rule (409 DPF-TEN-047 on a duplicate name) and evaluates it at once when enabled.' })
  createAlertRule(@Arg('tenantId', () => ID) tenantId: string, @Arg('input') input: AlertRuleInput, @Ctx() ctx: RequestContext): Promise<AlertRuleType> {
    return this.service.createRule(requirePrincipal(ctx), tenantId, input);
  }

  @Authorized(ADMIN, PLATFORM_ADMIN, ALERTS_WRITE)
  @Mutation(() => AlertRuleType)
  updateAlertRule(@Arg('tenantId', () => ID) tenantId: string, @Arg('ruleId', () => ID) ruleId: string, @Arg('input') input: UpdateAlertRuleInput, @Ctx() ctx: RequestContext): Promise<AlertRuleType> {
    return this.service.updateRule(requirePrincipal(ctx), tenantId, ruleId, input);
  }

  @Authorized(ADMIN, PLATFORM_ADMIN, ALERTS_WRITE)
  @Mutation(() => Boolean)
  deleteAlertRule(@Arg('tenantId', () => ID) tenantId: string, @Arg('ruleId', () => ID) ruleId: string, @Ctx() ctx: RequestContext): Promise<boolean> {
    return this.service.deleteRule(requirePrincipal(ctx), tenantId, ruleId);
  }

  @Authorized(ADMIN, PLATFORM_ADMIN, ALERTS_WRITE)
  @Mutation(() => AlertRuleType)
  enableAlertRule(@Arg('tenantId', () => ID) tenantId: string, @Arg('ruleId', () => ID) ruleId: string, @Ctx() ctx: RequestContext): Promise<AlertRuleType> {
    return this.service.setEnabled(requirePrincipal(ctx), tenantId, ruleId, true);
  }

  @Authorized(ADMIN, PLATFORM_ADMIN, ALERTS_WRITE)
  @Mutation(() => AlertRuleType)
  disableAlertRule(@Arg('tenantId', () => ID) tenantId: string, @Arg('ruleId', () => ID) ruleId: string, @Ctx() ctx: RequestContext): Promise<AlertRuleType> {
    return this.service.setEnabled(requirePrincipal(ctx), tenantId, ruleId, false);
  }
}
