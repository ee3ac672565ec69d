import { DomainError, ERROR_CATALOGUE, ErrorCode, isCatalogued, statusOf } from '@dataplat/kit';
import type { GraphQLFormattedError } from 'graphql';

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
  return { status: e.status, body: envelope(e.code, e.message, e.details, requestId, path) };
}

/** The first error of a GraphQL result decides the status; its code comes from the catalogue. */
export function renderGraphQLErrors(errors: readonly GraphQLFormattedError[], requestId: string, path: string): RenderedError {
  const first = errors[0];
  const code = isCatalogued(first.extensions?.code) ? (first.extensions!.code as string) : ErrorCode.INTERNAL;
  const message = code === ErrorCode.INTERNAL ? ERROR_CATALOGUE[ErrorCode.INTERNAL].message : first.message;
  return { status: statusOf(code), body: envelope(code, message, first.extensions?.details, requestId, path) };
}

/** Path without the query string, as it appears in the envelope. */
export const pathOf = (url: string) => {
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
};
