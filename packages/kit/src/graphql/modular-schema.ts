import type { GraphQLSchema } from 'graphql';
import { buildFederatedSchema, type FederatedSchemaOptions, type ReferenceResolvers } from './federated-schema';

/** A domain of a subgraph: its resolver instances (and the `__resolveReference` of its entities). */
export interface SubgraphModule {
  resolvers: object[];
  references?: ReferenceResolvers;
  /** Types no root field reaches (an entity another subgraph owns, extended here): kept in the schema. */
  types?: Function[];
}

/**
 * Builds a subgraph schema from its modules: every module's resolver instances are served
 * as they are (no container of their own), and their entity references are merged.
 */
export function buildModularSchema(modules: SubgraphModule[], options: Pick<FederatedSchemaOptions, 'pubSub'> = {}): Promise<GraphQLSchema> {
  const resolvers = modules.flatMap((m) => m.resolvers);
  const instances = new Map<Function, object>(resolvers.map((r) => [r.constructor, r]));
  return buildFederatedSchema({
    resolvers: resolvers.map((r) => r.constructor) as [Function, ...Function[]],
    container: { get: (cls) => instances.get(cls) },
    referenceResolvers: Object.assign({}, ...modules.map((m) => m.references ?? {})),
    orphanedTypes: modules.flatMap((m) => m.types ?? []),
    ...options,
  });
}
