import { execute, GraphQLError, parse, validate, type DocumentNode, type GraphQLFormattedError, type GraphQLSchema } from 'graphql';
import { LRUCache } from 'lru-cache';
import type { RequestContext } from '../context';
import { formatGraphQLError, isCatalogued } from '../errors';
import type { Logger } from '../logger';

export interface LocalOperation {
  query: string;
  variables?: Record<string, unknown>;
  operationName?: string;
}

export interface LocalResult {
  data?: Record<string, unknown> | null;
  errors?: GraphQLFormattedError[];
}

/** Formats a subgraph's errors into the catalogue, logging what gets masked (HTTP and in-process alike). */
export function subgraphErrorFormatter(logger: Logger) {
  return (formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError => {
    const out = formatGraphQLError(formatted, error);
    if (!isCatalogued(formatted.extensions?.code) && out.extensions?.code === 'DPF-API-010') logger.error({ err: error }, 'unhandled error in resolver');
    return out;
  };
}

/**
 * A subgraph executed in the caller's process. When the gateway and a subgraph share a process
 * (the embedded mode), fetches skip HTTP, JSON and the subgraph's server pipeline: the same
 * schema runs with the same context and the same error formatting. The queries the gateway
 * sends are a fixed set per query plan, so each text is parsed and validated once.
 */
export class LocalSubgraph {
  private readonly documents = new LRUCache<string, DocumentNode | GraphQLFormattedError[]>({ max: 5_000 });
  private readonly format: ReturnType<typeof subgraphErrorFormatter>;

  constructor(
    readonly name: string,
    private readonly schema: GraphQLSchema,
    logger: Logger,
  ) {
    this.format = subgraphErrorFormatter(logger);
  }

  async execute(operation: LocalOperation, context: RequestContext): Promise<LocalResult> {
    const document = this.document(operation.query);
    if (Array.isArray(document)) return { errors: document };
    try {
      const result = await execute({
        schema: this.schema,
        document: document as DocumentNode,
        variableValues: operation.variables,
        operationName: operation.operationName,
        contextValue: context,
      });
      if (!result.errors?.length) return { data: result.data };
      // No `data` at all: the request failed before execution (variable coercion), as Apollo
      // Server marks it over HTTP; the caller sent a value of the wrong type.
      const requestError = !('data' in result);
      return {
        data: result.data,
        errors: result.errors.map((e) => this.format(requestError ? { ...e.toJSON(), extensions: { ...e.extensions, code: 'BAD_USER_INPUT' } } : e.toJSON(), e)),
      };
    } catch (e) {
      const error = e instanceof GraphQLError ? e : new GraphQLError('execution failed', { originalError: e as Error });
      return { data: null, errors: [this.format(error.toJSON(), error)] };
    }
  }

  private document(query: string): DocumentNode | GraphQLFormattedError[] {
    let document = this.documents.get(query);
    if (document) return document;
    try {
      const parsed = parse(query);
      const problems = validate(this.schema, parsed);
      document = problems.length ? problems.map((p) => this.format({ ...p.toJSON(), extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } }, p)) : parsed;
    } catch (e) {
      const error = e as GraphQLError;
      document = [this.format({ ...error.toJSON(), extensions: { code: 'GRAPHQL_PARSE_FAILED' } }, error)];
    }
    this.documents.set(query, document);
    return document;
  }
}
