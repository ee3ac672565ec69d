import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import { ArgumentValidationError } from 'type-graphql';
import { ErrorCode } from './catalogue';
import { ERROR_CATALOGUE, statusOfExtensions } from './define';
import { DomainError } from './domain-error';

/**
 * Maps any error raised while executing an operation to a formatted GraphQL error whose
 * `extensions.code` is a catalogue code. Unknown errors are masked as DPF-API-010 (their
 * detail goes to the log, never to the caller).
 */
export function formatGraphQLError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError {
  const original = error instanceof GraphQLError ? (error.originalError ?? error) : error;
  if (original instanceof DomainError) {
    return { ...formatted, message: original.message, extensions: ext(original.code, original.details) };
  }
  if (original instanceof ArgumentValidationError) {
    const details = original.extensions.validationErrors.map((v) => ({
      field: v.property,
      constraints: Object.values(v.constraints ?? {}),
    }));
    return { ...formatted, message: 'Invalid input', extensions: ext(ErrorCode.VALIDATION_FAILED, details) };
  }
  // Already a catalogue error (from a subgraph, through the gateway), even one declared in another process.
  if (statusOfExtensions(formatted.extensions) !== undefined) return formatted;
  const code = formatted.extensions?.code;
  // graphql-js validation and variable coercion failures are the caller's fault.
  if (code === 'GRAPHQL_VALIDATION_FAILED' || code === 'BAD_USER_INPUT' || code === 'GRAPHQL_PARSE_FAILED') {
    return { ...formatted, extensions: ext(ErrorCode.VALIDATION_FAILED) };
  }
  // Apollo's HTTP-level refusals: a batch, no query, a mutation over GET, bad `variables` JSON.
  if (typeof code === 'string' && REQUEST_ERROR_CODES.has(code)) return { ...formatted, extensions: ext(ErrorCode.GRAPHQL_REQUEST_INVALID) };
  const stored = storageRefusal(original);
  if (stored) return { message: ERROR_CATALOGUE[stored].message, path: formatted.path, extensions: ext(stored) };
  return { message: ERROR_CATALOGUE[ErrorCode.INTERNAL].message, path: formatted.path, extensions: ext(ErrorCode.INTERNAL) };
}

const REQUEST_ERROR_CODES = new Set(['BAD_REQUEST', 'OPERATION_RESOLUTION_FAILURE', 'PERSISTED_QUERY_NOT_FOUND', 'PERSISTED_QUERY_NOT_SUPPORTED']);

/**
 * PostgreSQL data exceptions (SQLSTATE class 22: a value too long for its column, a number out
 * of range, a NUL byte in text) reached through Prisma: the input was unfit to store, so the
 * caller gets a 400. The edge refuses NUL bytes before this; the mapping is the safety net.
 */
function storageRefusal(error: unknown): ErrorCode | undefined {
  if (!(error instanceof Error)) return undefined;
  const cause = (error as { cause?: { originalCode?: unknown } }).cause;
  const sqlState = typeof cause?.originalCode === 'string' ? cause.originalCode : undefined;
  const prismaCode = (error as { code?: unknown }).code;
  if (sqlState === '22021' || sqlState === '22P05') return ErrorCode.NUL_CHARACTER;
  if (sqlState?.startsWith('22') || prismaCode === 'P2000' || prismaCode === 'P2020') return ErrorCode.VALUE_NOT_STORABLE;
  return undefined;
}

function ext(code: ErrorCode, details?: unknown) {
  const status = ERROR_CATALOGUE[code].status;
  return details === undefined ? { code, status } : { code, status, details };
}
