import { composeServices } from '@apollo/composition';
import { buildIdentitySchema } from '@dataplat/identity';
import { tokenServiceFromConfig, type PlatformConfig } from '@dataplat/kit';
import { buildTenantSchema } from '@dataplat/tenant';
import { execute, parse, type GraphQLSchema } from 'graphql';

/** A subgraph's SDL as the gateway reads it (`_service { sdl }`). */
async function sdlOf(schema: GraphQLSchema): Promise<string> {
  const result = await execute({ schema, document: parse('{ _service { sdl } }') });
  return (result.data as { _service: { sdl: string } })._service.sdl;
}

/**
 * The supergraph API schema composed from the real subgraph schemas (no database, no
 * servers), as the gateway composes it: for unit tests of the REST facade's route table.
 */
export async function composedApiSchema(config: PlatformConfig): Promise<GraphQLSchema> {
  const subgraphs = {
    identity: await buildIdentitySchema({ db: {} as any, tokens: await tokenServiceFromConfig(config), config }),
    tenant: await buildTenantSchema({ db: {} as any, config, logger: {} as any, identity: {} as any }),
  };
  const composed = composeServices(
    await Promise.all(Object.entries(subgraphs).map(async ([name, s]) => ({ name, url: `http://${name}/graphql`, typeDefs: parse(await sdlOf(s)) }))),
  );
  if (composed.errors) throw new Error(composed.errors.map((e) => e.message).join('\n'));
  return composed.schema.toAPISchema().toGraphQLJSSchema();
}
