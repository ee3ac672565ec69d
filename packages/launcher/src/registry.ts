import { auditSubgraph } from '@dataplat/audit';
import { billingSubgraph } from '@dataplat/billing';
import { configSubgraph } from '@dataplat/config';
import type { PrismaClient } from '@dataplat/db';
import { identitySubgraph } from '@dataplat/identity';
import { checkRegistry, loadConfig, subgraphSettings, type PermissionDefinition, type PlatformConfig, type SubgraphDefinition } from '@dataplat/kit';
import { notificationSubgraph } from '@dataplat/notification';
import { tenantSubgraph } from '@dataplat/tenant';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type PlatformSubgraph = SubgraphDefinition<PrismaClient, any>;

/**
 * Every subgraph of the platform, in start order: one line each (docs/decisions.md §35). The
 * launcher, the distributed-mode entry, the edge, the test harness and the benchmark read it.
 */
export const SUBGRAPHS: readonly PlatformSubgraph[] = [
  identitySubgraph,
  tenantSubgraph,
  configSubgraph,
  notificationSubgraph,
  billingSubgraph,
  auditSubgraph,
];

checkRegistry(SUBGRAPHS);

/** The subgraphs' part of the platform configuration: each one's <NAME>_PORT, <NAME>_URL and own settings. */
export const SUBGRAPH_SETTINGS = subgraphSettings(SUBGRAPHS);

/** The whole platform configuration (base settings and every subgraph's). */
export function loadPlatformConfig(env: NodeJS.ProcessEnv = process.env): PlatformConfig {
  return loadConfig(env, SUBGRAPH_SETTINGS);
}

/** Every subgraph's declared permissions, by name: what identity's seed makes grantable. */
export const SUBGRAPH_PERMISSIONS: Readonly<Record<string, readonly PermissionDefinition[]>> = Object.fromEntries(SUBGRAPHS.map((s) => [s.name, s.permissions ?? []]));
