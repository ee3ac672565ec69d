import { Arg, ID, Resolver, Root, Subscription, type PubSub } from 'type-graphql';
import { ProvisioningDetailedStatus } from './provisioning.type';

const served = (): never => {
  throw new Error('provisioningStatus is served by the graphql-ws endpoint of the gateway (/graphql), not by the tenant subgraph');
};

/**
 * type-graphql wants a PubSub as soon as a schema has a Subscription; this subgraph never runs
 * one (the gateway does not route subscriptions to subgraphs), so none is needed.
 */
export const SUBSCRIPTIONS_AT_THE_EDGE: PubSub = { publish: served, subscribe: served };

/**
 * Declares Subscription.provisioningStatus so that it is part of the composed schema (clients
 * can introspect it). The edge executes it (gateway/src/subscriptions/): on every provisioning
 * change notice and every 2 s it reads provisioningDetailedStatus through the gateway as the
 * subscriber (docs/subscriptions.md).
 */
@Resolver()
export class ProvisioningSubscriptionResolver {
  @Subscription(() => ProvisioningDetailedStatus, {
    subscribe: served,
    description: 'The detailed provisioning status, pushed when a step, phase or status changes and every 2 s; completes after COMPLETED, FAILED or ROLLED_BACK, or after 30 minutes (graphql-ws at /graphql). Tenant ADMIN (own tenant) or PLATFORM_ADMIN.',
  })
  provisioningStatus(@Arg('tenantId', () => ID) _tenantId: string, @Root() status: ProvisioningDetailedStatus): ProvisioningDetailedStatus {
    return status;
  }
}
