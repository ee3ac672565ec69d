import { ApolloArmor } from '@escape.tech/graphql-armor';
import type { ApolloServerPlugin } from '@apollo/server';
import { GraphQLError, parse, validate, type GraphQLSchema, type ValidationRule } from 'graphql';

/** Bounds on what one GraphQL operation may cost (GRAPHQL_MAX_* settings, docs/hardening.md). */
export interface QueryLimits {
  maxDepth: number;
  maxAliases: number;
  maxCost: number;
  maxTokens: number;
  maxDirectives: number;
}

export const DEFAULT_QUERY_LIMITS: QueryLimits = { maxDepth: 12, maxAliases: 30, maxCost: 5000, maxTokens: 2000, maxDirectives: 50 };

/**
 * The refusals of the limits, recognised by their text: graphql-armor's ("Aliases limit of 30
 * exceeded, found 100.") and graphql-js's token limit ("Document contains more that/than N
 * tokens"). Error objects are rewrapped on the way (field-suggestion masking, Apollo's
 * ValidationError), so the message is what survives.
 */
const LIMIT_MESSAGE = /^Syntax Error: (?:(?:Aliases|Query depth|Directives|Query Cost) limit of \d+ exceeded|Document contains more tha[nt] \d+ tokens)/;

export function isQueryLimitError(error: unknown): boolean {
  return error instanceof Error && LIMIT_MESSAGE.test(error.message);
}

export interface QueryProtection {
  plugins: ApolloServerPlugin<any>[];
  validationRules: ValidationRule[];
  parseOptions: { maxTokens: number };
}

/**
 * graphql-armor's rules: the token limit bounds parsing, then depth, aliases, directives and
 * cost are checked during validation, before any subgraph is asked. Field suggestions are
 * left out of error messages (they reveal the schema to callers who may not introspect).
 */
export function queryProtection(limits: QueryLimits): QueryProtection {
  // Fresh callback lists per rule: graphql-armor appends its reporter to the list it is given.
  const callbacks = () => ({ onReject: [], propagateOnRejection: true, exposeLimits: true });
  const armor = new ApolloArmor({
    maxDepth: { n: limits.maxDepth, ...callbacks() },
    // Every alias counts, __typename's too: a thousand of any field is a thousand resolutions.
    maxAliases: { n: limits.maxAliases, allowList: [], ...callbacks() },
    maxDirectives: { n: limits.maxDirectives, ...callbacks() },
    // graphql-js's own parser limit (ApolloServer parseOptions) bounds tokens at no cost per token.
    maxTokens: { enabled: false },
    costLimit: { maxCost: limits.maxCost, ...callbacks() },
    blockFieldSuggestion: { enabled: true },
  });
  const { plugins, validationRules } = armor.protect();
  return { plugins: plugins as ApolloServerPlugin<any>[], validationRules: validationRules as ValidationRule[], parseOptions: { maxTokens: limits.maxTokens } };
}

/**
 * The platform's own operations (the REST facade's) must fit the limits its callers get:
 * checked once at start-up, so a limit set too low fails the boot, not a request.
 */
export function assertWithinLimits(schema: GraphQLSchema, operations: Array<{ name: string; source: string }>, limits: QueryLimits): void {
  const { validationRules } = queryProtection(limits);
  for (const op of operations) {
    let problem: string | undefined;
    try {
      const errors = validate(schema, parse(op.source, { maxTokens: limits.maxTokens }), validationRules);
      problem = errors[0]?.message;
    } catch (e) {
      problem = (e as Error).message;
    }
    if (problem) throw new Error(`operation ${op.name} exceeds the GraphQL limits (GRAPHQL_MAX_*): ${problem}`);
  }
}
