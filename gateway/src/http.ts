import fastifyApollo from '@as-integrations/fastify';
import { DomainError, first, type ClientInfo } from '@dataplat/kit';
import { IdentityError } from '@dataplat/identity/errors';
import proxyAddr from 'proxy-addr';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fetch from 'node-fetch';
import type { AuthOutcome, Authenticator } from './authenticate';
import type { GatewayContext } from './context';
import type { Gateway } from './gateway';

declare module 'fastify' {
  interface FastifyRequest {
    /** Credentials of the request, read once by the edge's onRequest hook. */
    auth: AuthOutcome;
  }
  interface FastifyInstance {
    /** TRUST_PROXY as given to fastify, to decide whether X-Real-IP may be believed. */
    trustProxySetting: boolean | string;
  }
}

/** Reads every request's credentials once (never throws: each route decides what it needs). */
export function registerEdgeAuth(app: FastifyInstance, authenticator: Authenticator, trustProxy: boolean | string): void {
  app.decorate('trustProxySetting', trustProxy as never);
  app.decorateRequest('auth', null as unknown as AuthOutcome);
  app.addHook('onRequest', async (request) => {
    request.auth = await authenticator.authenticate(request.headers, clientOf(request).ip);
  });
}

/**
 * fastify's trustProxy option as configured by TRUST_PROXY: `true`/`false`, or a list of
 * addresses, CIDRs and proxy-addr names (loopback, linklocal, uniquelocal).
 */
export function trustProxyOption(value: string): boolean | string {
  if (value === 'true' || value === 'false') return value === 'true';
  return value;
}

const trustCache = new Map<string, (addr: string, i: number) => boolean>();
function trusts(option: boolean | string | undefined, address: string): boolean {
  if (typeof option === 'boolean' || option === undefined) return !!option;
  let fn = trustCache.get(option);
  if (!fn) trustCache.set(option, (fn = proxyAddr.compile(option.split(',').map((s) => s.trim()))));
  return fn(address, 0);
}

/**
 * The client's address: fastify already applies X-Forwarded-For from trusted proxies
 * (TRUST_PROXY); X-Real-IP counts only when a trusted proxy sent it. Untrusted callers
 * cannot choose the address recorded for their sessions.
 */
export function clientOf(request: FastifyRequest): ClientInfo {
  let ip = request.ip;
  const realIp = first(request.headers['x-real-ip'])?.trim();
  const peer = request.socket.remoteAddress ?? '';
  if (realIp && ip === peer && trusts(request.server.trustProxySetting, peer)) ip = realIp;
  return { ip: ip || null, userAgent: first(request.headers['user-agent']) ?? null };
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
      // A SCIM token speaks only SCIM, on its REST routes.
      if (request.auth.principal?.kind === 'scim_token') throw new DomainError(IdentityError.SCIM_TOKEN_NOT_ALLOWED).toGraphQLError();
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
