import { buildSubgraphSchema } from '@apollo/subgraph';
import { addResolversToSchema } from '@graphql-tools/schema';
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
  const federated = buildSubgraphSchema({
    typeDefs: gql(`${FEDERATION_LINK}\n${printSchemaWithDirectives(schema)}`),
    resolvers: createResolversMap(schema) as any,
  });
  return referenceResolvers ? addResolversToSchema({ schema: federated, resolvers: referenceResolvers }) : federated;
}
