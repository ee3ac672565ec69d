import type { PrismaClient } from '@dataplat/db';
import type { SubgraphEndpoint } from '@dataplat/gateway';
import { portVariable, requireSetting, urlVariable, type Logger, type PlatformConfig, type SeedResult, type WakeChannel } from '@dataplat/kit';
import { SUBGRAPH_PERMISSIONS, SUBGRAPHS, type PlatformSubgraph } from './registry';

/** A subgraph setting of the loaded configuration (the registry added it; PlatformConfig types only the base). */
function settingOf<T>(config: PlatformConfig, variable: string): T {
  return (config as unknown as Record<string, T>)[variable];
}

/** The port a subgraph listens on: its `<NAME>_PORT`. */
export const portOf = (config: PlatformConfig, subgraph: PlatformSubgraph): number => settingOf(config, portVariable(subgraph.name));

/** Runs every subgraph's seed, in registry order (before any subgraph starts). */
export async function seedSubgraphs(db: PrismaClient, config: PlatformConfig, logger: Logger, subgraphs = SUBGRAPHS): Promise<SeedResult> {
  const result: SeedResult = {};
  for (const s of subgraphs) {
    const seeded = await s.seed?.({ db, config, logger: logger.child({ subgraph: s.name }), permissions: SUBGRAPH_PERMISSIONS });
    if (seeded?.generatedAdminPassword) result.generatedAdminPassword = seeded.generatedAdminPassword;
  }
  return result;
}

/**
 * Starts every subgraph in this process, in registry order (internal: loopback only, each on
 * its port setting), sharing the process's database client and change channel. The gateway
 * beside them executes them in-process (`local`); their HTTP servers remain for readiness and
 * direct callers.
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
    const peerUrl = (name: string) => {
      assertPeer(subgraph, name);
      const found = endpoints.find((s) => s.name === name);
      if (!found) throw new Error(`the ${name} subgraph must start before ${subgraph.name} calls it`);
      return found.url;
    };
    const running = await subgraph.start({ db, changes, config: { ...config, HOST: '127.0.0.1' }, logger: logger.child({ subgraph: subgraph.name }), port: portOf(config, subgraph), peerUrl });
    stack.push(() => running.close());
    endpoints.push({ name: subgraph.name, url: running.url, local: config.SUBGRAPH_TRANSPORT === 'in-process' ? running.local : undefined });
  }
  return endpoints;
}

/** The subgraphs of a separate edge process, each at its required URL setting. */
export function remoteSubgraphs(config: PlatformConfig): SubgraphEndpoint[] {
  return SUBGRAPHS.map((s) => ({ name: s.name, url: requiredUrl(config, s, 'to run the edge on its own') }));
}

/**
 * The peers of a subgraph running as its own process: each peer's `<PEER>_URL`, required now
 * (a missing one stops the start with exit 2) so that no call fails for it later.
 */
export function remotePeers(config: PlatformConfig, subgraph: PlatformSubgraph): (name: string) => string {
  const urls = new Map(
    Object.entries(subgraph.peers).map(([name, why]) => {
      const peer = SUBGRAPHS.find((s) => s.name === name)!;
      return [name, requiredUrl(config, peer, `to run the ${subgraph.name} subgraph on its own`, why)] as const;
    }),
  );
  return (name) => {
    assertPeer(subgraph, name);
    return urls.get(name)!;
  };
}

function requiredUrl(config: PlatformConfig, subgraph: PlatformSubgraph, purpose: string, why?: string): string {
  const variable = urlVariable(subgraph.name);
  const example = `http://${subgraph.name}:${subgraph.defaultPort}/graphql`;
  return requireSetting(settingOf<string | undefined>(config, variable), variable, `${purpose} (the ${subgraph.name} subgraph, ${why ? `${why}, ` : ''}e.g. ${example})`);
}

function assertPeer(subgraph: PlatformSubgraph, name: string): void {
  if (!(name in subgraph.peers)) throw new Error(`the ${subgraph.name} subgraph calls ${name}, which it does not name in its peers`);
}
