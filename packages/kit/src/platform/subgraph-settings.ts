import { setting, type SettingsShape } from '../setting';
import { portVariable, urlVariable, type SubgraphDefinition } from './subgraph-definition';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnySubgraph = SubgraphDefinition<any, any>;

/**
 * Checks a registry of subgraphs: names unique, every peer registered, default ports distinct
 * (one machine runs them all). Throws naming the first problem.
 */
export function checkRegistry(subgraphs: readonly AnySubgraph[]): void {
  const names = new Set<string>();
  const ports = new Map<number, string>();
  for (const s of subgraphs) {
    if (names.has(s.name)) throw new Error(`subgraph ${s.name} is registered twice`);
    names.add(s.name);
    const other = ports.get(s.defaultPort);
    if (other) throw new Error(`subgraphs ${other} and ${s.name} have the same default port ${s.defaultPort}`);
    ports.set(s.defaultPort, s.name);
  }
  for (const s of subgraphs) {
    for (const peer of Object.keys(s.peers)) {
      if (!names.has(peer)) throw new Error(`subgraph ${s.name} calls ${peer}, which is not registered`);
    }
  }
}

/**
 * The configuration the subgraphs add to the platform's: for each, `<NAME>_PORT` (default its
 * `defaultPort`), `<NAME>_URL` (optional) and its own settings. A variable declared twice throws.
 */
export function subgraphSettings(subgraphs: readonly AnySubgraph[]): SettingsShape {
  const shape: Record<string, SettingsShape[string]> = {};
  const add = (owner: string, name: string, schema: SettingsShape[string]) => {
    if (name in shape) throw new Error(`setting ${name} of the ${owner} subgraph is declared twice`);
    shape[name] = schema;
  };
  for (const s of subgraphs) {
    const callers = subgraphs.filter((c) => s.name in c.peers).map((c) => c.name);
    add(s.name, portVariable(s.name), setting.port(s.defaultPort).describe(`Port of the ${s.name} subgraph (on 127.0.0.1 in one-process mode, on HOST as a separate process). 0 picks a free port.`));
    add(
      s.name,
      urlVariable(s.name),
      setting
        .optionalUrl()
        .describe(`GraphQL URL of the ${s.name} subgraph (e.g. http://${s.name}:${s.defaultPort}/graphql), required by the processes that call it when it runs apart: the edge${callers.map((c) => `, ${c}`).join('')}.`),
    );
    for (const [name, schema] of Object.entries(s.settings as SettingsShape)) add(s.name, name, schema);
  }
  return shape;
}
