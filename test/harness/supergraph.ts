import { composeServices } from '@apollo/composition';
import { buildBillingSchema } from '@dataplat/billing';
import { buildConfigSchema } from '@dataplat/config';
import { buildGatewaySchema, createTenantRateLimits } from '@dataplat/gateway';
import { buildIdentitySchema } from '@dataplat/identity';
import { buildNotificationSchema } from '@dataplat/notification';
import { buildAuditSubgraph } from '@dataplat/audit';
import { loadConfig, tokenServiceFromConfig } from '@dataplat/kit';
import { buildTenantSchema } from '@dataplat/tenant';
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
 * The API schema of the subgraphs the facade's operations use (no database: schemas only),
 * for unit tests that compile the real route table.
 */
export async function facadeSupergraph(dataDir: string): Promise<GraphQLSchema> {
  const config = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'supergraph-test-secret-supergraph-test-0123' });
  return compose({
    identity: await buildIdentitySchema({ db: {} as any, tokens: await tokenServiceFromConfig(config), config }),
    tenant: await buildTenantSchema({ db: {} as any, config, logger: {} as any, identity: {} as any }),
    config: await buildConfigSchema({ db: {} as any, config }),
    notification: await buildNotificationSchema({ db: {} as any, config }),
    gateway: await buildGatewaySchema(createTenantRateLimits(), { statusOf: async () => null }),
    billing: await buildBillingSchema({ db: {} as any, config, tenants: {} as any }),
    audit: (await buildAuditSubgraph({ db: {} as any, config })).schema,
  });
}
