import { DomainError, ErrorCode } from '@dataplat/kit';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { pathOf, renderDomainError, type RenderedError } from './envelope';
import { CoercionError } from './route-table';

/**
 * JSON, plus the media types of the standards some routes speak (OAuth 2.0 forms, SCIM);
 * each route accepts only its own (facade.ts checkMediaType), others get 415.
 */
export function registerBodyParsers(app: FastifyInstance): void {
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, text, done) => done(null, parseForm(text as string)));
  app.addContentTypeParser('application/scim+json', { parseAs: 'string' }, app.getDefaultJsonParser('error', 'error'));
}

export function renderError(error: FastifyError, request: FastifyRequest): RenderedError {
  const path = pathOf(request.url);
  if (error instanceof DomainError) return renderDomainError(error, request.id, path);
  if (error instanceof CoercionError) {
    return renderDomainError(new DomainError(ErrorCode.VALIDATION_FAILED, error.message, { parameter: error.parameter, expected: error.expected }), request.id, path);
  }
  const code = mapFastifyError(error);
  if (code === ErrorCode.INTERNAL) request.log.error({ err: error }, 'unhandled error');
  const message = code === ErrorCode.VALIDATION_FAILED ? error.message : undefined;
  const details = code === ErrorCode.MALFORMED_JSON ? { reason: error.message } : undefined;
  return renderDomainError(new DomainError(code, message, details), request.id, path);
}

function mapFastifyError(error: FastifyError): ErrorCode {
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return ErrorCode.UNSUPPORTED_MEDIA_TYPE;
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return ErrorCode.PAYLOAD_TOO_LARGE;
  if (error instanceof SyntaxError || error.code?.startsWith('FST_ERR_CTP')) return ErrorCode.MALFORMED_JSON;
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) return ErrorCode.VALIDATION_FAILED;
  return ErrorCode.INTERNAL;
}

/**
 * A form body as an object; a parameter sent twice becomes an array, so that a standard
 * which forbids repeats (RFC 6749 section 3.1) can refuse it.
 */
export function parseForm(text: string): Record<string, string | string[]> {
  const form: Record<string, string | string[]> = Object.create(null);
  for (const [name, value] of new URLSearchParams(text)) {
    const seen = form[name];
    form[name] = seen === undefined ? value : Array.isArray(seen) ? [...seen, value] : [seen, value];
  }
  return { ...form };
}

