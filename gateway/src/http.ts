import fastifyApollo from '@as-integrations/fastify';
import { clientIp, first, type ClientInfo } from '@dataplat/kit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fetch from 'node-fetch';
import type { AuthOutcome, Authenticator } from './authenticate';
import type { Gateway, GatewayContext } from './gateway';

declare module 'fastify' {
  interface FastifyRequest {
    /** Credentials of the request, read once by the edge's onRequest hook. */
    auth: AuthOutcome;
  }
}

/** Reads every request's credentials once (never throws: each route decides what it needs). */
export function registerEdgeAuth(app: FastifyInstance, authenticator: Authenticator): void {
  app.decorateRequest('auth', null as unknown as AuthOutcome);
  app.addHook('onRequest', async (request) => {
    request.auth = await authenticator.authenticate(request.headers);
  });
}

export function clientOf(request: FastifyRequest): ClientInfo {
  return { ip: clientIp(request.headers, request.ip), userAgent: first(request.headers['user-agent']) ?? null };
}

export function gatewayContext(request: FastifyRequest): GatewayContext {
  return { requestId: request.id, principal: request.auth.principal, credentialId: request.auth.credentialId, client: clientOf(request) };
}

/** `/graphql` over HTTP. Bad credentials fail the whole request with 401 and the exact message. */
export async function registerGraphQL(app: FastifyInstance, gateway: Gateway): Promise<void> {
  await app.register(fastifyApollo(gateway.server), {
    path: '/graphql',
    context: async (request: FastifyRequest) => {
      if (request.auth.error) throw request.auth.error.toGraphQLError();
      return gatewayContext(request);
    },
  });
}

export interface Readiness {
  ready: boolean;
  subgraphs: Record<string, 'up' | 'down'>;
}

/** Ready only when every subgraph answers a trivial query. */
export async function checkReadiness(gateway: Gateway, timeoutMs = 2000): Promise<Readiness> {
  const results = await Promise.all(
    gateway.subgraphs.map(async (s) => {
      try {
        const res = await fetch(s.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{"query":"{ __typename }"}',
          signal: AbortSignal.timeout(timeoutMs) as any,
        });
        return [s.name, res.ok ? 'up' : 'down'] as const;
      } catch {
        return [s.name, 'down'] as const;
      }
    }),
  );
  return { ready: results.every(([, state]) => state === 'up'), subgraphs: Object.fromEntries(results) };
}
