import type { GraphQLSchema } from 'graphql';
import type { PlatformConfig } from '../config';
import type { RunningSubgraph } from '../http/subgraph-server';
import type { Logger } from '../logger';
import type { SettingsOf, SettingsShape } from '../setting';
import type { WakeChannel } from '../wake/wake-channel';
import type { PermissionDefinition } from '../auth/permissions';

/** The platform configuration as one subgraph sees it: the base settings and its own. */
export type SubgraphConfig<S extends SettingsShape = {}> = PlatformConfig & SettingsOf<S>;

/** What a subgraph is given to start, in one process (the launcher) or on its own. */
export interface SubgraphStartContext<Db, S extends SettingsShape = {}> {
  db: Db;
  /** The process's change channel: background loops wake on it (docs/decisions.md §34). */
  changes: WakeChannel;
  config: SubgraphConfig<S>;
  logger: Logger;
  /** The port to listen on: `<NAME>_PORT` (its `defaultPort` unless set; 0 picks a free one). */
  port: number;
  /**
   * The GraphQL URL of a subgraph named in `peers`. In one process: where that subgraph
   * listens, once started (a peer that starts later must be read lazily, on first use). On its
   * own: the peer's `<PEER>_URL`, required at start.
   */
  peerUrl(name: string): string;
}

/** Runs once per start, after the migrations and before any subgraph starts. */
export interface SubgraphSeedContext<Db, S extends SettingsShape = {}> {
  db: Db;
  /** Every subgraph's declared permissions, by subgraph name (identity seeds their union). */
  permissions: Readonly<Record<string, readonly PermissionDefinition[]>>;
  config: SubgraphConfig<S>;
  logger: Logger;
}

export interface SeedResult {
  /** Set on the start that created the bootstrap platform admin with a generated password (shown once, never logged). */
  generatedAdminPassword?: string;
}

/**
 * One subgraph of the platform, declared once (`subgraphs/<name>/src/subgraph.ts`) and listed
 * in the launcher's registry. Everything else (ports and URL settings, start order, the
 * distributed-mode entry, readiness, test harness, benchmark) is derived from it.
 */
export interface SubgraphDefinition<Db = unknown, S extends SettingsShape = {}> {
  /** Lower-case name (`billing`): the federation service name; `BILLING_PORT`/`BILLING_URL` derive from it. */
  name: string;
  /** The spec's in-cluster port, the default of `<NAME>_PORT`. */
  defaultPort: number;
  /** The subgraphs it calls, each with what for (used in the message when `<PEER>_URL` is missing). */
  peers: Readonly<Record<string, string>>;
  /** Its own settings (each with `.describe(...)`), merged into the platform configuration. */
  settings: S;
  /** The PostgreSQL schemas it owns. */
  databaseSchemas: readonly string[];
  /** The permissions its resolvers check (its `src/permissions.ts`); identity seeds every subgraph's. */
  permissions?: readonly PermissionDefinition[];
  /** Its error codes (its `src/errors.ts`, `defineErrors`); docs/errors.md lists every subgraph's. */
  errors?: Readonly<Record<string, string>>;
  /** Idempotent preparation before any subgraph starts (identity: permissions, system roles, bootstrap admin). */
  seed?(ctx: SubgraphSeedContext<Db, S>): Promise<SeedResult | void>;
  /** Starts its server (and background work, stopped by `close`). */
  start(ctx: SubgraphStartContext<Db, S>): Promise<RunningSubgraph>;
  /** Its schema without a database or peers, for composing the supergraph in tests. */
  buildSchema(config: SubgraphConfig<S>): Promise<GraphQLSchema>;
}

const NAME = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

/**
 * Declares a subgraph. `Db` is the database client its start receives (the platform passes
 * its PrismaClient: `defineSubgraph<PrismaClient, typeof settings>({...})`).
 */
export function defineSubgraph<Db, S extends SettingsShape = {}>(definition: SubgraphDefinition<Db, S>): SubgraphDefinition<Db, S> {
  if (!NAME.test(definition.name)) throw new Error(`subgraph name "${definition.name}" must be lower-case letters and digits, words joined by "-"`);
  if (definition.name in definition.peers) throw new Error(`subgraph ${definition.name} names itself as a peer`);
  return definition;
}

/** `billing` -> `BILLING`, `data-quality` -> `DATA_QUALITY`: the prefix of its variables. */
export function variablePrefix(subgraph: string): string {
  return subgraph.toUpperCase().replace(/-/g, '_');
}

export const portVariable = (subgraph: string): string => `${variablePrefix(subgraph)}_PORT`;
export const urlVariable = (subgraph: string): string => `${variablePrefix(subgraph)}_URL`;

/**
 * Stands in for a database or a peer's client when a schema is built only to be composed
 * (`buildSchema`): no resolver runs, so nothing reads it.
 */
export const SCHEMA_ONLY = {} as never;
