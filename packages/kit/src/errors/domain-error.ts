import { GraphQLError } from 'graphql';
import type { ErrorCode } from './catalogue';
import { errorInfo } from './define';

export type ErrorDetails = Record<string, unknown> | Array<Record<string, unknown>>;

/**
 * A rule violation with a catalogue code. Services throw it; every edge renders it. The code
 * must be registered in this process (its block's module loaded, as importing its constant
 * does): its status and default message come from there.
 */
export class DomainError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly details?: ErrorDetails,
  ) {
    const info = errorInfo(code);
    if (!info) throw new Error(`DomainError: ${code} is not a registered error code (declare it with defineErrors)`);
    super(message ?? info.message);
    this.name = 'DomainError';
    this.status = info.status;
  }

  /** The GraphQL form: catalogue code and status travel in `extensions`. */
  toGraphQLError(): GraphQLError {
    return new GraphQLError(this.message, {
      extensions: { code: this.code, status: this.status, details: this.details, http: { status: this.status } },
      originalError: this,
    });
  }
}
