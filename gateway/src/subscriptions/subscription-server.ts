import type { Server } from 'node:http';
import { addResolversToSchema } from '@graphql-tools/schema';
import { DomainError, ErrorCode, first, type Logger } from '@dataplat/kit';
import { GraphQLError, Kind, parse, validate, type GraphQLSchema, type OperationDefinitionNode } from 'graphql';
import { CloseCode } from 'graphql-ws';
import { useServer } from 'graphql-ws/use/ws';
import { WebSocketServer } from 'ws';
import type { Authenticator } from '../authenticate';
import type { GatewayContext } from '../context';
import type { Gateway } from '../gateway';
import type { ProvisioningFeed } from './provisioning-feed';
import { isQueryLimitError, queryProtection } from '../query-limits';
import { detailedStatusQuery, fetchStatus, statusUpdates, type DetailedStatus } from './provisioning-status';

export interface SubscriptionServerOptions {
  gateway: Gateway;
  authenticator: Authenticator;
  feed: ProvisioningFeed;
  logger: Logger;
  /** Keep-alive ping interval (ws ping/pong), 12 s by default. */
  keepAliveMs?: number;
}

/** The credentials of connection_init: `Authorization` / `authorization` (Bearer), or `X-API-Key`. */
function headersOf(params: Record<string, unknown> | undefined): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(params ?? {})) if (typeof value === 'string') headers[name.toLowerCase()] = value;
  return headers;
}

const ONLY_SUBSCRIPTIONS = new DomainError(ErrorCode.VALIDATION_FAILED, 'Only subscriptions are served over WebSocket; send queries and mutations by HTTP POST to /graphql');

/** Whether the operation to run is a subscription (a document that does not parse is left to graphql-ws). */
export function isSubscription(query: string, operationName?: string | null): boolean {
  let document;
  try {
    document = parse(query);
  } catch {
    return true;
  }
  const operations = document.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  const operation = operationName ? operations.find((o) => o.name?.value === operationName) : operations[0];
  return !operation || operation.operation === 'subscription';
}

/**
 * The API schema with resolvers for the subscriptions the edge executes itself (@apollo/gateway
 * runs none): Subscription.provisioningStatus reads provisioningDetailedStatus through the
 * gateway as the subscriber, so the query's auth rules decide who may subscribe.
 */
export function subscriptionSchema(gateway: Gateway, feed: ProvisioningFeed): GraphQLSchema {
  const query = detailedStatusQuery(gateway.schema());
  return addResolversToSchema({
    schema: gateway.schema(),
    resolvers: {
      Subscription: {
        provisioningStatus: {
          subscribe: async (_root: unknown, args: { tenantId: string }, context: GatewayContext) => {
            const read = () => fetchStatus(gateway, query, args.tenantId, { ...context, requestId: `${context.requestId}:${Date.now()}` });
            return statusUpdates(await read(), read, feed, args.tenantId);
          },
          resolve: (payload: { provisioningStatus: DetailedStatus | GraphQLError }) => {
            if (payload.provisioningStatus instanceof GraphQLError) throw payload.provisioningStatus;
            return payload.provisioningStatus;
          },
        },
      },
    },
  });
}

/**
 * graphql-ws on the edge's `/graphql` (WebSocket upgrade; HTTP POST stays with Apollo).
 * connection_init is authenticated like an HTTP request: no or bad credentials close the
 * socket with 4401 Unauthorized, a SCIM token with 4403 Forbidden.
 */
export function attachSubscriptionServer(server: Server, opts: SubscriptionServerOptions): { close(): Promise<void> } {
  const wss = new WebSocketServer({ noServer: true });
  const onUpgrade = (request: import('node:http').IncomingMessage, socket: import('node:stream').Duplex, head: Buffer) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== '/graphql') return void socket.destroy();
    wss.handleUpgrade(request, socket, head, (ws) => wss.emit('connection', ws, request));
  };
  server.on('upgrade', onUpgrade);
  let schema: GraphQLSchema | undefined;
  let connections = 0;
  const limitRules = queryProtection(opts.gateway.limits).validationRules;

  const disposable = useServer<Record<string, unknown>, { context?: GatewayContext }>(
    {
      schema: () => (schema ??= subscriptionSchema(opts.gateway, opts.feed)),
      onConnect: async (ctx) => {
        const ip = ctx.extra.request.socket.remoteAddress ?? null;
        const auth = await opts.authenticator.authenticate(headersOf(ctx.connectionParams), ip);
        if (!auth.principal || auth.error) {
          ctx.extra.socket.close(CloseCode.Unauthorized, auth.error?.message ?? 'Unauthorized');
          return false;
        }
        if (auth.principal.kind === 'scim_token') return false;
        connections += 1;
        ctx.extra.context = {
          requestId: `ws-${connections}-${Date.now().toString(36)}`,
          principal: auth.principal,
          credentialId: auth.credentialId,
          client: { ip, userAgent: first(ctx.extra.request.headers['user-agent']) ?? null },
        };
        return true;
      },
      context: (ctx) => ctx.extra.context,
      onSubscribe: (_ctx, _id, payload) => {
        if (!isSubscription(payload.query, payload.operationName)) return [ONLY_SUBSCRIPTIONS.toGraphQLError()];
        // The limits /graphql applies over HTTP (depth, aliases, cost, tokens) hold here too.
        let problems: readonly GraphQLError[];
        try {
          problems = validate((schema ??= subscriptionSchema(opts.gateway, opts.feed)), parse(payload.query, { maxTokens: opts.gateway.limits.maxTokens }), limitRules);
        } catch (e) {
          // Other syntax errors are graphql-ws's to report, as for any invalid document.
          if (!isQueryLimitError(e)) return undefined;
          problems = [e as GraphQLError];
        }
        return problems.length ? problems.map((p) => new DomainError(ErrorCode.QUERY_TOO_COMPLEX, p.message.replace(/^Syntax Error: /, '')).toGraphQLError()) : undefined;
      },
      onError: (_ctx, _id, _payload, errors) => {
        opts.logger.debug({ errors: errors.map((e) => e.message) }, 'subscription refused');
      },
    },
    wss,
    opts.keepAliveMs ?? 12_000,
  );

  return {
    close: async () => {
      server.off('upgrade', onUpgrade);
      for (const client of wss.clients) client.close(1001, 'server stopping');
      await disposable.dispose();
      await new Promise<void>((r) => wss.close(() => r()));
    },
  };
}
