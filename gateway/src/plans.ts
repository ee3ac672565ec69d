import { createHash } from 'node:crypto';
import type { ApolloGateway } from '@apollo/gateway';
import { operationFromDocument } from '@apollo/federation-internals';
import type { DocumentNode } from 'graphql';

/** Operations known in advance (the REST facade's), planned once at boot. */
export interface KnownOperation {
  source: string;
  document: DocumentNode;
  operationName: string;
}

export interface PlanStats {
  /** Plans built while serving requests (zero for the facade when boot planning works). */
  plannedOnRequestPath: number;
  plannedAtBoot: number;
  cacheHits: number;
  cacheMisses: number;
  hitRate: number;
}

// The parts of ApolloGateway used here are not in its public typings.
interface GatewayInternals {
  apiSchema: unknown;
  recursiveSelectionsLimitDisabled: boolean;
  nonLocalSelectionsLimitDisabled: boolean;
  queryPlanner: { buildQueryPlan(operation: unknown, options?: object): unknown };
  queryPlanStore: { get(key: string): Promise<unknown>; set(key: string, value: unknown): Promise<void> };
}

/**
 * Query-plan bookkeeping for @apollo/gateway: counts plan-cache hits and plans built, and
 * puts the plans of known operations into the cache at boot, under the key the gateway's
 * executor computes (sha256(sha256(query) + operationName)), so that no facade request ever
 * plans. The plan store must be large enough to keep them (see createGateway).
 */
export class PlanCache {
  private readonly stats = { plannedOnRequestPath: 0, plannedAtBoot: 0, cacheHits: 0, cacheMisses: 0 };
  private booting = false;

  constructor(private readonly gateway: ApolloGateway) {}

  /** Wraps the gateway's planner and plan store with counters (call once, after load). */
  instrument(): void {
    const g = this.gateway as unknown as GatewayInternals;
    const planner = g.queryPlanner;
    const build = planner.buildQueryPlan.bind(planner);
    planner.buildQueryPlan = (operation, options) => {
      if (this.booting) this.stats.plannedAtBoot++;
      else this.stats.plannedOnRequestPath++;
      return build(operation, options);
    };
    const store = g.queryPlanStore;
    const get = store.get.bind(store);
    store.get = async (key) => {
      const plan = await get(key);
      if (plan) this.stats.cacheHits++;
      else this.stats.cacheMisses++;
      return plan;
    };
  }

  async prewarm(operations: KnownOperation[]): Promise<void> {
    const g = this.gateway as unknown as GatewayInternals;
    this.booting = true;
    try {
      for (const op of operations) {
        const queryHash = createHash('sha256').update(op.source).digest('hex');
        const key = createHash('sha256').update(queryHash).update(op.operationName).digest('hex');
        const operation = operationFromDocument(g.apiSchema as never, op.document, { operationName: op.operationName });
        const options = { recursiveSelectionsLimitDisabled: g.recursiveSelectionsLimitDisabled, nonLocalSelectionsLimitDisabled: g.nonLocalSelectionsLimitDisabled };
        await g.queryPlanStore.set(key, g.queryPlanner.buildQueryPlan(operation, options));
      }
    } finally {
      this.booting = false;
    }
  }

  snapshot(): PlanStats {
    const lookups = this.stats.cacheHits + this.stats.cacheMisses;
    return { ...this.stats, hitRate: lookups ? this.stats.cacheHits / lookups : 1 };
  }
}
