import { DomainError } from '@dataplat/kit';
import { BillingError } from '../errors';
import { toPlan, toPrice, type PlanRepository } from './plan.repository';
import type { Plan } from './plan.type';
import type { PlanPrice } from './pricing';

/** Plans are public reference data; prices are read once per call (they change by migration). */
export class PlanService {
  constructor(private readonly repo: PlanRepository) {}

  async list(): Promise<Plan[]> {
    return (await this.repo.list()).map(toPlan);
  }

  async get(id: string): Promise<Plan> {
    return toPlan(await this.row(id));
  }

  /** The price list of a plan id (a tenant's plan): 404 DPF-BIL-002 when billing has no such plan. */
  async price(id: string): Promise<PlanPrice> {
    return toPrice(await this.row(id));
  }

  private async row(id: string) {
    const row = await this.repo.find(id.trim().toUpperCase());
    if (!row) throw new DomainError(BillingError.PLAN_NOT_FOUND);
    return row;
  }
}
