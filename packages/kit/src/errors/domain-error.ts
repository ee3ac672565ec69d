import { GraphQLError } from 'graphql';
import { ERROR_CATALOGUE, ErrorCode } from './catalogue';

export type ErrorDetails = Record<string, unknown> | Array<Record<string, unknown>>;

/** A rule violation with a catalogue code. Services throw it; every edge renders it. */
export class DomainError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly details?: ErrorDetails,
  ) {
    super(message ?? ERROR_CATALOGUE[code].message);
    this.name = 'DomainError';
    this.status = ERROR_CATALOGUE[code].status;
  }

  /** The GraphQL form: catalogue code and status travel in `extensions`. */
  toGraphQLError(): GraphQLError {
    return new GraphQLError(this.message, {
      extensions: { code: this.code, status: this.status, details: this.details, http: { status: this.status } },
      originalError: this,
    });
  }
}
