import { randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';
import { DomainError, ERROR_CATALOGUE, ErrorCode } from '@dataplat/kit';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { envelope, pathOf, renderDomainError, type RenderedError } from './envelope';
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
  const message = code === ErrorCode.VALIDATION_FAILED ? error.message : code === ErrorCode.URI_TOO_LONG ? 'A path segment is longer than 256 characters' : undefined;
  const details = code === ErrorCode.MALFORMED_JSON ? { reason: error.message } : undefined;
  return renderDomainError(new DomainError(code, message, details), request.id, path);
}

function mapFastifyError(error: FastifyError): ErrorCode {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return ErrorCode.URI_TOO_LONG;
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


const CLIENT_ERRORS: Record<string, ErrorCode> = {
  HPE_HEADER_OVERFLOW: ErrorCode.HEADERS_TOO_LARGE,
  ERR_HTTP_REQUEST_TIMEOUT: ErrorCode.VALIDATION_FAILED,
};

/**
 * Node's HTTP parser refused the request (malformed request line or headers, headers over the
 * size limit): fastify never sees it, so the envelope is written on the socket here.
 */
export function writeClientError(error: Error & { code?: string; rawPacket?: unknown }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const code = CLIENT_ERRORS[error.code ?? ''] ?? ErrorCode.VALIDATION_FAILED;
  const requestId = randomUUID();
  const message = code === ErrorCode.VALIDATION_FAILED ? 'The HTTP request is malformed' : ERROR_CATALOGUE[code].message;
  const body = JSON.stringify(envelope(code, message, null, requestId, requestPathOf(error.rawPacket)));
  const status = ERROR_CATALOGUE[code].status;
  socket.end(
    `HTTP/1.1 ${status} ${status === 431 ? 'Request Header Fields Too Large' : 'Bad Request'}\r\n` +
      `content-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\n` +
      `x-request-id: ${requestId}\r\nconnection: close\r\n\r\n${body}`,
  );
}

/** The path of the request line, when the parser kept the bytes it refused ("/" otherwise). */
function requestPathOf(packet: unknown): string {
  if (!Buffer.isBuffer(packet)) return '/';
  const line = packet.subarray(0, Math.min(packet.length, 2048)).toString('latin1').split('\r\n', 1)[0];
  const target = line.split(' ')[1] ?? '';
  return target.startsWith('/') ? pathOf(target).slice(0, 256) : '/';
}
