import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  isNonNullType,
  parse,
  typeFromAST,
  validate,
  type DocumentNode,
  type GraphQLInputType,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';
import type { Binding, RouteSpec } from './route-spec';
import { compileTextCoercer, type TextCoercer } from './text-coercion';

export { CoercionError, coerceText } from './text-coercion';

export const OPERATIONS_DIR = join(__dirname, '..', 'operations');

/** A route ready to serve: its operation parsed and validated once, at boot. */
export interface CompiledRoute extends RouteSpec {
  document: DocumentNode;
  /** The operation text, as sent to the gateway (its hash keys the plan cache). */
  source: string;
  operationName: string;
  isMutation: boolean;
  /** Variable name -> its GraphQL input type, to coerce strings from path and query. */
  variableTypes: Map<string, GraphQLInputType>;
  /** Variable name -> its coercer from text, for variables bound to the path, query or headers (built at boot). */
  textCoercers: Map<string, TextCoercer>;
  /** Fastify path syntax (`:name`). */
  fastifyPath: string;
}

export class RouteTableError extends Error {
  constructor(readonly problems: string[]) {
    super(`The REST facade route table is invalid:\n  ${problems.join('\n  ')}`);
    this.name = 'RouteTableError';
  }
}

export const toFastifyPath = (path: string) => path.replace(/\{([^}]+)\}/g, ':$1');

/**
 * Loads and validates every route against the composed schema. Any problem (missing or
 * unparsable operation, a field or variable that does not exist, a binding without a
 * variable, a duplicate route) stops start-up with the full list.
 */
export function compileRoutes(routes: RouteSpec[], schema: GraphQLSchema, operationsDir = OPERATIONS_DIR): CompiledRoute[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  const compiled: CompiledRoute[] = [];
  for (const route of routes) {
    const where = `${route.method} ${route.path} (${route.operation}.graphql)`;
    const key = `${route.method} ${toFastifyPath(route.path).replace(/:[^/]+/g, ':')}`;
    if (seen.has(key)) problems.push(`${where}: duplicate route`);
    if (route.stream && route.method !== 'GET') problems.push(`${where}: an event stream must be a GET route`);
    if (route.download && route.method !== 'GET') problems.push(`${where}: a download must be a GET route`);
    seen.add(key);
    try {
      compiled.push(compileRoute(route, schema, operationsDir));
    } catch (e) {
      problems.push(`${where}: ${(e as Error).message}`);
    }
  }
  if (problems.length) throw new RouteTableError(problems);
  return compiled;
}

function compileRoute(route: RouteSpec, schema: GraphQLSchema, dir: string): CompiledRoute {
  const source = readFileSync(join(dir, `${route.operation}.graphql`), 'utf8');
  const document = parse(source);
  const operations = document.definitions.filter((d): d is OperationDefinitionNode => d.kind === 'OperationDefinition');
  if (operations.length !== 1) throw new Error('must hold exactly one operation');
  const op = operations[0];
  if (!op.name) throw new Error('the operation must be named');
  const errors = validate(schema, document);
  if (errors.length) throw new Error(errors.map((e) => e.message).join('; '));
  const variableTypes = new Map<string, GraphQLInputType>();
  for (const def of op.variableDefinitions ?? []) {
    variableTypes.set(def.variable.name.value, typeFromAST(schema, def.type as any) as GraphQLInputType);
  }
  const textCoercers = new Map<string, TextCoercer>();
  for (const [name, binding] of Object.entries(route.variables ?? {})) {
    const type = variableTypes.get(name);
    if (!type) throw new Error(`binds $${name}, which the operation does not declare`);
    if (binding.from === 'params' && !route.path.includes(`{${binding.name}}`)) throw new Error(`binds path parameter {${binding.name}}, absent from the path`);
    if (binding.from !== 'body') textCoercers.set(name, compileTextCoercer(type));
  }
  for (const [name, type] of variableTypes) {
    if (isNonNullType(type) && !(name in (route.variables ?? {}))) throw new Error(`required variable $${name} has no binding`);
  }
  const selected = op.selectionSet.selections.some((s) => s.kind === 'Field' && (s.alias ?? s.name).value === route.result);
  if (!selected) throw new Error(`result field "${route.result}" is not selected by the operation`);
  return {
    ...route,
    document,
    source,
    operationName: op.name.value,
    isMutation: op.operation === 'mutation',
    variableTypes,
    textCoercers,
    fastifyPath: toFastifyPath(route.path),
  };
}

/** Reads a binding's raw value from the request. */
export function readBinding(binding: Binding, req: { body?: unknown; query: unknown; params: unknown; headers: Record<string, unknown> }): unknown {
  switch (binding.from) {
    case 'body':
      return binding.name ? (isObject(req.body) ? req.body[binding.name] : undefined) : req.body;
    case 'query':
      return (req.query as Record<string, unknown>)[binding.name];
    case 'params':
      return (req.params as Record<string, unknown>)[binding.name];
    case 'headers':
      return req.headers[binding.name];
  }
}

export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
