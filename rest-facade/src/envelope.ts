import { DomainError, ERROR_CATALOGUE, ErrorCode, statusOf, statusOfExtensions } from '@dataplat/kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { GraphQLFormattedError } from 'graphql';
import type { Presenter } from './route-spec';

/** Spec 1 "Errors": the envelope every REST error is sent in. */
export interface ErrorEnvelope {
  error: {
    code: string;
    message: string;
    details: unknown;
    timestamp: string;
    requestId: string;
    path: string;
  };
}

export interface RenderedError {
  status: number;
  body: ErrorEnvelope;
  /** Retry-After seconds, for 429. */
  retryAfter?: number;
}

export function envelope(code: string, message: string, details: unknown, requestId: string, path: string): ErrorEnvelope {
  return { error: { code, message, details: details ?? null, timestamp: new Date().toISOString(), requestId, path } };
}

export function renderDomainError(e: DomainError, requestId: string, path: string): RenderedError {
  return { status: e.status, body: envelope(e.code, e.message, e.details, requestId, path), retryAfter: retryAfterOf(e.status, e.details) };
}

/** A 429 whose details name `retryAfterSeconds` (e.g. an SMS resend limit) sends `Retry-After`. */
function retryAfterOf(status: number, details: unknown): number | undefined {
  if (status !== 429 || !details || typeof details !== 'object') return undefined;
  const seconds = (details as { retryAfterSeconds?: unknown }).retryAfterSeconds;
  return typeof seconds === 'number' && Number.isFinite(seconds) ? Math.max(1, Math.ceil(seconds)) : undefined;
}

/**
 * Sends a rendered failure: GraphQL's error format on /graphql, the route presenter's format
 * where the route has one (OAuth 2.0, SCIM), the envelope everywhere else.
 */
export function sendRendered(request: FastifyRequest, reply: FastifyReply, rendered: RenderedError) {
  if (rendered.retryAfter !== undefined) reply.header('retry-after', rendered.retryAfter);
  reply.code(rendered.status);
  const { code, message, details, requestId, path } = rendered.body.error;
  if (path === '/graphql') return reply.send({ errors: [{ message, extensions: { code, details, requestId } }] });
  const presenter = (request.routeOptions?.config as { presenter?: Presenter } | undefined)?.presenter;
  if (presenter?.failure) {
    const response = presenter.failure({ status: rendered.status, code, message, details, requestId, path });
    reply.code(response.status);
    for (const [name, value] of Object.entries(response.headers ?? {})) reply.header(name, value);
    return response.body === undefined ? reply.send() : reply.send(response.body);
  }
  return reply.send(rendered.body);
}

/**
 * The first error of a GraphQL result decides the status: its code's in the catalogue, or the
 * `extensions.status` it carries for a code declared by a service in another process.
 */
export function renderGraphQLErrors(errors: readonly GraphQLFormattedError[], requestId: string, path: string): RenderedError {
  const first = errors[0];
  const catalogued = statusOfExtensions(first.extensions);
  const code = catalogued === undefined ? ErrorCode.INTERNAL : (first.extensions!.code as string);
  const message = code === ErrorCode.INTERNAL ? ERROR_CATALOGUE[ErrorCode.INTERNAL].message : first.message;
  const status = catalogued ?? statusOf(code);
  return { status, body: envelope(code, message, first.extensions?.details, requestId, path), retryAfter: retryAfterOf(status, first.extensions?.details) };
}

/** Path without the query string, as it appears in the envelope. */
export const pathOf = (url: string) => {
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
};
