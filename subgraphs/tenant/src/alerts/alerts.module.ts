import type { TenantCore, TenantModule } from '../core';
import { AlertRepository } from './alert.repository';
import { AlertResolver } from './alert.resolver';
import { AlertService } from './alert.service';
import { RuleEvaluator } from './rule-evaluator';

/** alerts: alerts raised by quotas and rules, the alert state machine, rules and their evaluator (docs/tenant-quotas-alerts.md). */
export function alertsModule(core: TenantCore): TenantModule {
  const repo = new AlertRepository(core.db);
  return { resolvers: [new AlertResolver(new AlertService(repo, core.tenants))] };
}

/** The scheduled rule evaluator of this process (started by the server, stopped with it); BACKGROUND_POLL_INTERVAL is its safety net. */
export const ruleEvaluator = (core: Pick<TenantCore, 'db' | 'logger' | 'config'>) => new RuleEvaluator(new AlertRepository(core.db), core.logger, core.config.BACKGROUND_POLL_INTERVAL);
