import { gatewayContext } from '@dataplat/gateway';
import { DomainError, ErrorCode, first } from '@dataplat/kit';
import { IdentityError } from '@dataplat/identity/errors';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { pathOf, renderGraphQLErrors, sendRendered } from './envelope';
import { streamEvents } from './event-stream';
import { streamDownload } from './download-stream';
import type { OperationExecutor } from './executor';
import { IdempotencyStore } from './idempotency';
import type { HttpResponse } from './route-spec';
import { readBinding, type CompiledRoute } from './route-table';

export interface FacadeDeps {
  routes: CompiledRoute[];
  executor: OperationExecutor;
  idempotency: IdempotencyStore;
}

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

/** Registers every compiled route on the edge server. */
export function registerFacade(app: FastifyInstance, deps: FacadeDeps): void {
  for (const route of deps.routes) {
    app.route({
      method: route.method,
      url: route.fastifyPath,
      // The edge's error handler finds the presenter here, so a route's every failure speaks its standard.
      config: { presenter: route.presenter },
      handler: (request, reply) => handle(route, deps, request, reply),
    });
  }
}

async function handle(route: CompiledRoute, deps: FacadeDeps, request: FastifyRequest, reply: FastifyReply): Promise<unknown> {
  const { principal, error } = request.auth;
  if (route.auth === 'bearer' || route.auth === 'service_token') {
    if (error) throw error;
    if (!principal) throw new DomainError(ErrorCode.AUTHENTICATION_REQUIRED);
    // Service tokens reach only routes that declare them; those routes take nothing else.
    if (route.auth === 'bearer' && principal.kind === 'service_token') throw new DomainError(ErrorCode.TOKEN_NOT_ACCESS);
    if (route.auth === 'service_token' && principal.kind !== 'service_token') throw new DomainError(IdentityError.SERVICE_TOKEN_REQUIRED);
  }
  // SCIM tokens reach only the SCIM routes, and those take nothing else.
  if (route.auth === 'scim_bearer') {
    if (error) throw error;
    if (!principal) throw new DomainError(ErrorCode.AUTHENTICATION_REQUIRED);
    if (principal.kind !== 'scim_token') throw new DomainError(IdentityError.SCIM_TOKEN_REQUIRED);
  } else if (principal?.kind === 'scim_token' && route.auth !== 'public') {
    throw new DomainError(IdentityError.SCIM_TOKEN_NOT_ALLOWED);
  }
  if (route.tenantHeader === 'required' && !first(request.headers['x-tenant-id'])) throw new DomainError(ErrorCode.TENANT_REQUIRED);
  checkMediaType(route, request);
  const variables = buildVariables(route, request);
  const path = pathOf(request.url);
  if (route.download) return streamDownload(route as CompiledRoute & { download: NonNullable<CompiledRoute['download']> }, deps.executor, request, reply, variables, path);
  if (route.stream) return streamEvents(route as CompiledRoute & { stream: NonNullable<CompiledRoute['stream']> }, deps.executor, request, reply, variables, path);

  const key = route.isMutation ? first(request.headers['x-idempotency-key']) : undefined;
  if (key !== undefined && !IDEMPOTENCY_KEY.test(key)) {
    throw new DomainError(ErrorCode.VALIDATION_FAILED, 'X-Idempotency-Key must be 1 to 255 visible ASCII characters');
  }
  // Keys are scoped to the caller and honoured only where a credential is required: public
  // routes (login, token grants) answer with credentials that must never be stored.
  const authenticated = route.auth === 'bearer' || route.auth === 'service_token' || route.auth === 'scim_bearer';
  const callerKey = key && principal && authenticated ? `${principal.kind}:${principal.homeTenantId}:${principal.subject}@${principal.tenantId}` : undefined;
  if (key && callerKey) {
    const begun = await deps.idempotency.begin(callerKey, key, route.method, path, IdempotencyStore.requestHash(route.method, path, request.body));
    if (begun.kind === 'replay') {
      reply.header('idempotent-replayed', 'true');
      const { status, body } = begun.response;
      return status >= 400 ? reply.code(status).send(body) : send(route, reply, status, body);
    }
  }

  let status: number;
  let payload: unknown;
  try {
    const result = await deps.executor.execute(route, variables, gatewayContext(request));
    if (result.errors?.length) {
      const rendered = renderGraphQLErrors(result.errors, request.id, path);
      if (rendered.status >= 500) request.log.error({ errors: result.errors, route: route.path }, 'operation failed');
      if (key && callerKey) await deps.idempotency.complete(callerKey, key, { status: rendered.status, body: rendered.body });
      return sendRendered(request, reply, rendered);
    } else {
      status = route.status ?? 200;
      payload = result.data?.[route.result] ?? null;
    }
  } catch (e) {
    if (key && callerKey) await deps.idempotency.release(callerKey, key);
    throw e;
  }
  if (key && callerKey) await deps.idempotency.complete(callerKey, key, { status, body: withoutSecrets(payload, route.secretFields) });
  return send(route, reply, status, payload);
}

function send(route: CompiledRoute, reply: FastifyReply, status: number, payload: unknown) {
  const response: HttpResponse = route.presenter?.success ? route.presenter.success(payload, status) : { status, body: payload };
  reply.code(response.status);
  for (const [name, value] of Object.entries(response.headers ?? {})) reply.header(name, value);
  return response.status === 204 || response.body === undefined ? reply.send() : reply.send(response.body);
}

const JSON_ONLY = ['application/json'];

/** JSON everywhere; other media types only where the route's presenter accepts them (415 otherwise). */
function checkMediaType(route: CompiledRoute, request: FastifyRequest): void {
  const given = request.headers['content-type'];
  if (!given || request.body === undefined) return;
  const media = given.split(';')[0].trim().toLowerCase();
  const presenter = route.presenter;
  const accepted = presenter ? [...(presenter.jsonBody === false ? [] : JSON_ONLY), ...(presenter.accepts ?? [])] : JSON_ONLY;
  if (!accepted.includes(media)) throw new DomainError(ErrorCode.UNSUPPORTED_MEDIA_TYPE, `Unsupported content type; send ${accepted.join(' or ')}`);
}

/** Collects variables from their bindings; text from path, query and headers is typed first. */
function buildVariables(route: CompiledRoute, request: FastifyRequest): Record<string, unknown> {
  const variables: Record<string, unknown> = {};
  for (const [name, binding] of Object.entries(route.variables ?? {})) {
    const raw = readBinding(binding, request as any);
    const value = binding.from === 'body' ? raw : route.textCoercers.get(name)!(binding.name, raw);
    if (value !== undefined) variables[name] = value;
  }
  return variables;
}

/** A copy of a response body with its one-time secrets set to null (for storage). */
export function withoutSecrets(body: unknown, paths: string[] | undefined): unknown {
  if (!paths?.length || body === null || typeof body !== 'object') return body;
  const copy = structuredClone(body) as Record<string, unknown>;
  for (const path of paths) {
    const parts = path.split('.');
    let node: unknown = copy;
    for (const part of parts.slice(0, -1)) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
    const last = parts[parts.length - 1];
    if (node && typeof node === 'object' && last in node) (node as Record<string, unknown>)[last] = null;
  }
  return copy;
}
