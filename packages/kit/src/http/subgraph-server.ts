import { randomUUID } from 'node:crypto';
import { ApolloServer } from '@apollo/server';
import { ApolloServerPluginInlineTraceDisabled, ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import fastifyApollo, { fastifyApolloDrainPlugin } from '@as-integrations/fastify';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifyRequest } from 'fastify';
import type { GraphQLSchema } from 'graphql';
import { PRINCIPAL_HEADER, type PrincipalCodec } from '../auth/internal-principal';
import { clientIp, first, Loaders, type RequestContext } from '../context';
import type { Logger } from '../logger';
import { LocalSubgraph, subgraphErrorFormatter } from './local-subgraph';

export interface SubgraphServerOptions {
  name: string;
  schema: GraphQLSchema;
  principals: PrincipalCodec;
  logger: Logger;
  host: string;
  /** 0 picks a free port. */
  port: number;
}

export interface RunningSubgraph {
  name: string;
  /** GraphQL endpoint, e.g. http://127.0.0.1:8081/graphql */
  url: string;
  app: FastifyInstance;
  /** The same schema for in-process execution (the gateway uses it when it shares the process). */
  local: LocalSubgraph;
  close(): Promise<void>;
}

/** Serves one subgraph schema at /graphql (plus /healthz), trusting only signed principals. */
export async function startSubgraphServer(opts: SubgraphServerOptions): Promise<RunningSubgraph> {
  const app = Fastify({
    loggerInstance: opts.logger as FastifyBaseLogger,
    logController: new LogController({ disableRequestLogging: true }),
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
  });
  const apollo = new ApolloServer<RequestContext>({
    schema: opts.schema,
    formatError: subgraphErrorFormatter(opts.logger),
    includeStacktraceInErrorResponses: false,
    // The process owner shuts servers down in order; Apollo must not re-raise the signal.
    stopOnTerminationSignals: false,
    plugins: [ApolloServerPluginInlineTraceDisabled(), ApolloServerPluginLandingPageDisabled(), fastifyApolloDrainPlugin(app)],
  });
  await apollo.start();

  const context = async (request: FastifyRequest): Promise<RequestContext> => {
    const signed = first(request.headers[PRINCIPAL_HEADER]);
    return {
      requestId: request.id,
      principal: signed ? await opts.principals.verify(signed) : undefined,
      client: { ip: clientIp(request.headers, request.ip), userAgent: first(request.headers['user-agent']) ?? null, requestId: request.id },
      log: request.log,
      loaders: new Loaders(),
    };
  };
  await app.register(fastifyApollo(apollo), { context, path: '/graphql' });
  app.get('/healthz', async () => ({ status: 'ok', service: opts.name }));

  await app.listen({ host: opts.host, port: opts.port });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : opts.port;
  const host = opts.host === '0.0.0.0' || opts.host === '::' ? '127.0.0.1' : opts.host;
  return {
    name: opts.name,
    url: `http://${host}:${port}/graphql`,
    app,
    local: new LocalSubgraph(opts.name, opts.schema, opts.logger),
    close: async () => {
      await app.close();
    },
  };
}
