import type { PrismaClient } from '@dataplat/db';
import type { SubgraphEndpoint } from '@dataplat/gateway';
import { startIdentity } from '@dataplat/identity';
import { requireSetting, type Logger, type PlatformConfig, type RunningSubgraph, type WakeChannel } from '@dataplat/kit';
import { startTenant } from '@dataplat/tenant';
import { startConfig } from '@dataplat/config';
import { startNotification } from '@dataplat/notification';
import { startBilling } from '@dataplat/billing';
import { startAudit } from '@dataplat/audit';

/** One subgraph of the platform: how to start it in-process and where it is when it runs apart. */
export interface SubgraphDefinition {
  name: string;
  /**
   * `started`: the subgraphs started in this process so far, in SUBGRAPHS order. The list grows
   * as later ones start, so a function may read a later subgraph's URL after start-up.
   */
  start(opts: { db: PrismaClient; changes: WakeChannel; config: PlatformConfig; logger: Logger; started: readonly SubgraphEndpoint[] }): Promise<RunningSubgraph>;
  /** Its port setting (used in-process, on loopback) and URL setting (read by a separate edge). */
  portVariable: keyof PlatformConfig & `${string}_PORT`;
  urlVariable: keyof PlatformConfig & `${string}_URL`;
}

/** Every subgraph the gateway composes, in start order. Add a subgraph here and in kit config. */
export const SUBGRAPHS: readonly SubgraphDefinition[] = [
  {
    name: 'identity',
    // Logins ask the tenant subgraph (started next) about tenants: its URL is read on first use.
    start: (opts) => startIdentity({ ...opts, tenantUrl: () => urlOf(opts.started, 'tenant') }),
    portVariable: 'IDENTITY_PORT',
    urlVariable: 'IDENTITY_URL',
  },
  {
    name: 'tenant',
    // First administrators are created in identity, through its GraphQL API.
    start: (opts) => startTenant({ ...opts, identityUrl: urlOf(opts.started, 'identity') }),
    portVariable: 'TENANT_PORT',
    urlVariable: 'TENANT_URL',
  },
  { name: 'config', start: startConfig, portVariable: 'CONFIG_PORT', urlVariable: 'CONFIG_URL' },
  { name: 'notification', start: startNotification, portVariable: 'NOTIFICATION_PORT', urlVariable: 'NOTIFICATION_URL' },
  {
    name: 'billing',
    // Tenants' plans are read from the tenant subgraph, through its GraphQL API.
    start: (opts) => startBilling({ ...opts, tenantUrl: urlOf(opts.started, 'tenant') }),
    portVariable: 'BILLING_PORT',
    urlVariable: 'BILLING_URL',
  },
  {
    name: 'audit',
    // Failed logins are filed under the tenant identity says the e-mail belongs to.
    start: (opts) => startAudit({ ...opts, identityUrl: urlOf(opts.started, 'identity') }),
    portVariable: 'AUDIT_PORT',
    urlVariable: 'AUDIT_URL',
  },
];

/**
 * Starts every subgraph in this process (internal: loopback only, each on its port setting),
 * sharing the process's database client and change channel.
 * The gateway beside them executes them in-process (`local`); their HTTP servers remain for
 * readiness and direct callers.
 */
export async function startSubgraphs(
  db: PrismaClient,
  changes: WakeChannel,
  config: PlatformConfig,
  logger: Logger,
  stack: Array<() => Promise<unknown>>,
): Promise<SubgraphEndpoint[]> {
  const endpoints: SubgraphEndpoint[] = [];
  for (const subgraph of SUBGRAPHS) {
    const running = await subgraph.start({ db, changes, config: { ...config, HOST: '127.0.0.1' }, logger: logger.child({ subgraph: subgraph.name }), started: endpoints });
    stack.push(() => running.close());
    endpoints.push({ name: subgraph.name, url: running.url, local: config.SUBGRAPH_TRANSPORT === 'in-process' ? running.local : undefined });
  }
  return endpoints;
}

/** The subgraphs of a separate edge process, each at its required URL setting. */
export function remoteSubgraphs(config: PlatformConfig): SubgraphEndpoint[] {
  return SUBGRAPHS.map((s) => {
    const example = `http://${s.name}:${String(config[s.portVariable])}/graphql`;
    return { name: s.name, url: requireSetting(config[s.urlVariable] as string | undefined, s.urlVariable, `to run the edge on its own (the ${s.name} subgraph, e.g. ${example})`) };
  });
}

function urlOf(started: readonly SubgraphEndpoint[], name: string): string {
  const found = started.find((s) => s.name === name);
  if (!found) throw new Error(`the ${name} subgraph must start first`);
  return found.url;
}
