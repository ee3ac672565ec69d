import { composeServices } from '@apollo/composition';
import { buildGatewaySchema, createTenantRateLimits } from '@dataplat/gateway';
import { loadPlatformConfig, SUBGRAPHS } from '@dataplat/launcher';
import { execute, parse, type GraphQLSchema } from 'graphql';

/** The supergraph's API schema composed from subgraph schemas, as the gateway composes them. */
export async function compose(subgraphs: Record<string, GraphQLSchema>): Promise<GraphQLSchema> {
  const services = await Promise.all(
    Object.entries(subgraphs).map(async ([name, schema]) => {
      const res = (await execute({ schema, document: parse('{ _service { sdl } }') })) as { data: { _service: { sdl: string } } };
      return { name, url: `http://${name}`, typeDefs: parse(res.data._service.sdl) };
    }),
  );
  const result = composeServices(services);
  if (result.errors) throw new Error(result.errors.map((e) => e.message).join('\n'));
  return result.schema.toAPISchema().toGraphQLJSSchema();
}

/**
 * The API schema of every subgraph of the registry plus the edge's own `gateway` subgraph
 * (no database: schemas only), for tests that compile the real route table.
 */
export async function facadeSupergraph(dataDir: string): Promise<GraphQLSchema> {
  const config = loadPlatformConfig({ DATA_DIR: dataDir, JWT_SECRET: 'supergraph-test-secret-supergraph-test-0123' });
  const schemas = await Promise.all(SUBGRAPHS.map(async (s) => [s.name, await s.buildSchema(config)] as const));
  return compose({
    ...Object.fromEntries(schemas),
    gateway: await buildGatewaySchema(createTenantRateLimits(), { statusOf: async () => null }),
  });
}
