import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import { ArgumentValidationError } from 'type-graphql';
import { ErrorCode, ERROR_CATALOGUE, isCatalogued } from './catalogue';
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
  const code = formatted.extensions?.code;
  if (isCatalogued(code)) return formatted;
  // graphql-js validation and variable coercion failures are the caller's fault.
  if (code === 'GRAPHQL_VALIDATION_FAILED' || code === 'BAD_USER_INPUT' || code === 'GRAPHQL_PARSE_FAILED') {
    return { ...formatted, extensions: ext(ErrorCode.VALIDATION_FAILED) };
  }
  return { message: ERROR_CATALOGUE[ErrorCode.INTERNAL].message, path: formatted.path, extensions: ext(ErrorCode.INTERNAL) };
}

function ext(code: ErrorCode, details?: unknown) {
  const status = ERROR_CATALOGUE[code].status;
  return details === undefined ? { code, status } : { code, status, details };
}
