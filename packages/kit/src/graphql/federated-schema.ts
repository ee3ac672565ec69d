import { buildSubgraphSchema } from '@apollo/subgraph';
import { printSchemaWithDirectives } from '@graphql-tools/utils';
import type { GraphQLSchema } from 'graphql';
import gql from 'graphql-tag';
import { buildSchema, createResolversMap, type BuildSchemaOptions } from 'type-graphql';
import { platformAuthChecker } from '../auth/auth-checker';

const FEDERATION_LINK =
  'extend schema @link(url: "https://specs.apollo.dev/federation/v2.3", import: ["@key", "@shareable", "@external", "@requires", "@provides", "@inaccessible", "@tag", "@interfaceObject"])';

export type ReferenceResolvers = Record<string, { __resolveReference: (ref: any, context: any) => unknown }>;

export interface FederatedSchemaOptions extends Omit<BuildSchemaOptions, 'authChecker' | 'skipCheck'> {
  /** `__resolveReference` per entity type. */
  referenceResolvers?: ReferenceResolvers;
}

/**
 * Builds a federation 2 subgraph schema from type-graphql resolvers. type-graphql prints
 * the SDL with its directives, @apollo/subgraph adds the federation fields, and the
 * type-graphql resolvers are attached back (see ARCHITECTURE.md "Verified recipes").
 */
export async function buildFederatedSchema(options: FederatedSchemaOptions): Promise<GraphQLSchema> {
  const { referenceResolvers, ...rest } = options;
  const schema = await buildSchema({
    ...rest,
    authChecker: platformAuthChecker,
    validate: { forbidUnknownValues: false },
    skipCheck: true,
  });
  // __resolveReference goes in with the other resolvers: @apollo/subgraph keeps it in the
  // type's extensions (graphql-tools' addResolversToSchema would set a property it never reads).
  const resolvers = createResolversMap(schema) as Record<string, Record<string, unknown>>;
  for (const [type, reference] of Object.entries(referenceResolvers ?? {})) resolvers[type] = { ...resolvers[type], ...reference };
  return buildSubgraphSchema({ typeDefs: gql(`${FEDERATION_LINK}\n${printSchemaWithDirectives(schema)}`), resolvers: resolvers as any });
}
