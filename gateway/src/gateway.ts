import { Agent } from 'node:http';
import { ApolloGateway, IntrospectAndCompose, RemoteGraphQLDataSource, type GraphQLDataSource, type GraphQLDataSourceProcessOptions } from '@apollo/gateway';
import { ApolloServer, type ApolloServerPlugin } from '@apollo/server';
import { ApolloServerPluginInlineTraceDisabled, ApolloServerPluginLandingPageDisabled, ApolloServerPluginUsageReportingDisabled } from '@apollo/server/plugin/disabled';
import {
  ERROR_CATALOGUE,
  ErrorCode,
  formatGraphQLError,
  Loaders,
  PRINCIPAL_HEADER,
  type LocalSubgraph,
  type Logger,
  type PrincipalCodec,
  type RequestContext,
} from '@dataplat/kit';
import type { FastifyBaseLogger } from 'fastify';
import { GraphQLError, type GraphQLFormattedError, type GraphQLSchema } from 'graphql';
import fetch from 'node-fetch';
import { PlanCache } from './plans';
import { auditPlugin, type AuditSink } from './audit-plugin';
import type { GatewayContext } from './context';
import { DEFAULT_QUERY_LIMITS, isQueryLimitError, queryProtection, type QueryLimits } from './query-limits';

// The gateway otherwise exports usage metrics to Apollo's servers: never from this platform.
process.env.APOLLO_TELEMETRY_DISABLED = '1';

export interface SubgraphEndpoint {
  name: string;
  url: string;
  /**
   * Set when the subgraph runs in this process (embedded mode): fetches execute its schema
   * directly instead of over HTTP. `url` still serves readiness and direct callers.
   */
  local?: LocalSubgraph;
}

export interface Gateway {
  server: ApolloServer<GatewayContext>;
  /** The composed API schema (what clients can query). */
  schema(): GraphQLSchema;
  subgraphs: SubgraphEndpoint[];
  /** Query-plan cache: boot-time planning of known operations, hit counters. */
  plans: PlanCache;
  /** What one operation may cost; the facade's own operations are checked against it at boot. */
  limits: QueryLimits;
  stop(): Promise<void>;
}

/** Connections to subgraphs are kept alive and reused (no TCP handshake per request). */
const keepAlive = new Agent({ keepAlive: true, maxSockets: 256, keepAliveMsecs: 10_000 });

/** Forwards the caller as a signed principal, plus request id and client facts. */
class PlatformDataSource extends RemoteGraphQLDataSource<GatewayContext> {
  constructor(
    endpoint: SubgraphEndpoint,
    private readonly principals: PrincipalCodec,
  ) {
    super({ url: endpoint.url, fetcher: ((url: string, init: any) => fetch(url, { ...init, agent: keepAlive })) as any });
  }

  override async willSendRequest({ request, context }: GraphQLDataSourceProcessOptions<GatewayContext>): Promise<void> {
    const headers = request.http!.headers;
    if (!context?.requestId) return; // composition-time introspection: no caller
    headers.set('x-request-id', context.requestId);
    if (context.client.ip) headers.set('x-forwarded-for', context.client.ip);
    if (context.client.userAgent) headers.set('user-agent', context.client.userAgent);
    if (context.principal) {
      const cacheKey = `${context.credentialId ?? context.principal.subject}|${context.principal.tenantId}`;
      headers.set(PRINCIPAL_HEADER, await this.principals.sign(context.principal, cacheKey));
    }
  }
}

/**
 * Executes a subgraph that shares the gateway's process: the caller's principal is handed over
 * as is (no signing, no HTTP), with the same request id and client facts a remote fetch carries.
 */
class LocalDataSource implements GraphQLDataSource<GatewayContext> {
  constructor(
    private readonly local: LocalSubgraph,
    private readonly logger: Logger,
  ) {}

  async process({ request, context }: GraphQLDataSourceProcessOptions<GatewayContext>) {
    const requestId = context?.requestId ?? 'gateway';
    const subgraphContext: RequestContext = {
      requestId,
      principal: context?.principal,
      client: { ...(context?.client ?? { ip: null, userAgent: null }), requestId },
      log: this.logger.child({ reqId: requestId }) as FastifyBaseLogger,
      loaders: new Loaders(),
    };
    return this.local.execute({ query: request.query!, variables: request.variables, operationName: request.operationName }, subgraphContext);
  }
}

/**
 * A subgraph that cannot be reached (refused, reset, timed out) is a 503, not a bug; an
 * operation over the GraphQL limits is the caller's 400.
 */
function formatGatewayError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError {
  const cause = error instanceof GraphQLError ? (error.originalError ?? error) : error;
  if (cause instanceof Error && (cause.name === 'FetchError' || cause.name === 'AbortError')) return withCode(ErrorCode.UPSTREAM_UNAVAILABLE, formatted);
  if (isQueryLimitError(cause) || isQueryLimitError(error)) return withCode(ErrorCode.QUERY_TOO_COMPLEX, formatted, formatted.message.replace(/^Syntax Error: /, ''));
  return formatGraphQLError(formatted, error);
}

function withCode(code: ErrorCode, formatted: GraphQLFormattedError, message = ERROR_CATALOGUE[code].message): GraphQLFormattedError {
  return { message, path: formatted.path, extensions: { code, status: ERROR_CATALOGUE[code].status } };
}

/** At /graphql, a response with no data because a subgraph is down is a 503, not a 200. */
const upstreamStatusPlugin: ApolloServerPlugin<GatewayContext> = {
  async requestDidStart() {
    return {
      async willSendResponse({ response }) {
        if (response.body.kind !== 'single') return;
        const { data, errors } = response.body.singleResult;
        if (data == null && errors?.some((e) => e.extensions?.code === ErrorCode.UPSTREAM_UNAVAILABLE)) response.http.status = 503;
      },
    };
  },
};

/**
 * Composes the running subgraphs (their SDL, read at start) into one supergraph. A failed
 * composition rejects, with the composition errors, and start-up stops.
 */
export async function createGateway(opts: {
  subgraphs: SubgraphEndpoint[];
  principals: PrincipalCodec;
  logger: Logger;
  audit?: AuditSink;
  limits?: QueryLimits;
}): Promise<Gateway> {
  const limits = opts.limits ?? DEFAULT_QUERY_LIMITS;
  const protection = queryProtection(limits);
  const gateway = new ApolloGateway({
    supergraphSdl: new IntrospectAndCompose({ subgraphs: opts.subgraphs }),
    buildService: (endpoint) => {
      const local = opts.subgraphs.find((s) => s.name === endpoint.name)?.local;
      return local ? new LocalDataSource(local, opts.logger.child({ subgraph: endpoint.name })) : new PlatformDataSource(endpoint as SubgraphEndpoint, opts.principals);
    },
    logger: opts.logger,
    queryPlannerConfig: { cache: undefined },
  });
  const server = new ApolloServer<GatewayContext>({
    gateway,
    formatError: formatGatewayError,
    includeStacktraceInErrorResponses: false,
    stopOnTerminationSignals: false,
    logger: opts.logger,
    validationRules: protection.validationRules,
    parseOptions: protection.parseOptions,
    plugins: [...protection.plugins, ApolloServerPluginInlineTraceDisabled(), ApolloServerPluginLandingPageDisabled(), ApolloServerPluginUsageReportingDisabled(), upstreamStatusPlugin, ...(opts.audit ? [auditPlugin(opts.audit)] : [])],
  });
  await server.start();
  // The supergraph is composed once (no polling), so the planner instrumented here stays.
  const plans = new PlanCache(gateway);
  plans.instrument();
  return {
    plans,
    server,
    schema: () => (gateway as unknown as { schema: GraphQLSchema }).schema,
    subgraphs: opts.subgraphs,
    limits,
    stop: () => server.stop(),
  };
}
