import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isScalarType,
  type GraphQLInputType,
} from 'graphql';
import type { CompiledRoute } from './route-table';

type JsonSchema = Record<string, unknown>;

const SCALARS: Record<string, JsonSchema> = {
  Int: { type: 'integer' },
  Float: { type: 'number' },
  Boolean: { type: 'boolean' },
  String: { type: 'string' },
  ID: { type: 'string' },
  DateTimeISO: { type: 'string', format: 'date-time' },
};

/** JSON Schema of a GraphQL input type (request bodies and parameters). */
export function inputSchema(type: GraphQLInputType, components: Record<string, JsonSchema>): JsonSchema {
  const inner = isNonNullType(type) ? type.ofType : type;
  if (isListType(inner)) return { type: 'array', items: inputSchema(inner.ofType, components) };
  const named = getNamedType(inner);
  if (isScalarType(named)) return SCALARS[named.name] ?? { type: 'string' };
  if (isEnumType(named)) return { type: 'string', enum: named.getValues().map((v) => v.name) };
  if (isInputObjectType(named)) {
    if (!components[named.name]) {
      components[named.name] = {}; // placeholder first: input types may recurse
      const fields = Object.values(named.getFields());
      components[named.name] = {
        type: 'object',
        additionalProperties: false,
        ...(named.description ? { description: named.description } : {}),
        properties: Object.fromEntries(fields.map((f) => [f.name, { ...inputSchema(f.type, components), ...(f.description ? { description: f.description } : {}) }])),
        required: fields.filter((f) => isNonNullType(f.type) && f.defaultValue === undefined).map((f) => f.name),
      };
    }
    return { $ref: `#/components/schemas/${named.name}` };
  }
  return {};
}

/** Who may call, per route auth value: either scheme of a list entry suffices. */
const SECURITY: Record<CompiledRoute['auth'], Array<Record<string, string[]>>> = {
  public: [],
  refresh_token: [],
  bearer: [{ bearerAuth: [] }, { apiKey: [] }],
  service_token: [{ serviceToken: [] }],
  scim_bearer: [{ scimBearer: [] }],
};

const ERROR_RESPONSE = { description: 'Error', content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } } };

/** OpenAPI 3.1 document generated from the route table (served at /openapi.json). */
export function buildOpenApi(routes: CompiledRoute[]): JsonSchema {
  const components: Record<string, JsonSchema> = {
    ErrorEnvelope: {
      type: 'object',
      properties: {
        error: {
          type: 'object',
          properties: {
            code: { type: 'string', description: '`DPF-<SERVICE>-<number>`, see docs/errors.md' },
            message: { type: 'string' },
            details: {},
            timestamp: { type: 'string', format: 'date-time' },
            requestId: { type: 'string' },
            path: { type: 'string' },
          },
          required: ['code', 'message', 'timestamp', 'requestId', 'path'],
        },
      },
    },
  };
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of routes) {
    const parameters: JsonSchema[] = [];
    let bodySchema: JsonSchema | undefined;
    for (const [name, b] of Object.entries(r.variables ?? {})) {
      const schema = inputSchema(r.variableTypes.get(name)!, components);
      if (b.from === 'body') {
        if (!b.name) bodySchema = schema;
        else {
          bodySchema ??= { type: 'object', properties: {}, required: [] };
          (bodySchema.properties as JsonSchema)[b.name] = schema;
          if (isNonNullType(r.variableTypes.get(name)!)) (bodySchema.required as string[]).push(b.name);
        }
      } else {
        parameters.push({ name: b.name, in: b.from === 'params' ? 'path' : b.from === 'query' ? 'query' : 'header', required: b.from === 'params', schema });
      }
    }
    if (r.tenantHeader === 'required') parameters.push({ name: 'X-Tenant-ID', in: 'header', required: true, schema: { type: 'string', format: 'uuid' } });
    if (r.isMutation) parameters.push({ name: 'X-Idempotency-Key', in: 'header', required: false, schema: { type: 'string', maxLength: 255 } });
    const status = String(r.status ?? 200);
    (paths[r.path] ??= {})[r.method.toLowerCase()] = {
      operationId: r.operationName,
      summary: r.summary,
      tags: [r.tag],
      security: SECURITY[r.auth],
      parameters,
      ...(bodySchema ? { requestBody: { required: true, content: { 'application/json': { schema: bodySchema } } } } : {}),
      responses: {
        [status]: r.download
          ? { description: `A file streamed in chunks (\`format\` csv or json), the pages of GraphQL operation ${r.operationName} (field \`${r.result}\`)`, content: { 'text/csv': { schema: { type: 'string' } }, 'application/json': { schema: { type: 'array', items: {} } } } }
          : r.stream
          ? { description: `Server-sent events \`${r.stream.event}\` (then \`${r.stream.finalEvent}\`), each the data of GraphQL operation ${r.operationName} (field \`${r.result}\`)`, content: { 'text/event-stream': { schema: { type: 'string' } } } }
          : { description: status === '204' ? 'No content' : `Data of GraphQL operation ${r.operationName} (field \`${r.result}\`)` },
        '400': ERROR_RESPONSE,
        '401': ERROR_RESPONSE,
        '403': ERROR_RESPONSE,
        '404': ERROR_RESPONSE,
        '429': ERROR_RESPONSE,
        '503': ERROR_RESPONSE,
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Data platform API', version: '1.0.0', description: 'REST facade over the federated GraphQL supergraph at /graphql.' },
    components: {
      schemas: components,
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'Access token (type `access`)' },
        apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key', description: 'API key, limited to its scopes, IP allow-list and rate limit' },
        serviceToken: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'Service token (type `service`, `scope` claim) from POST /api/v1/auth/service-token' },
        scimBearer: { type: 'http', scheme: 'bearer', description: 'SCIM token of a tenant (`dps_scim_...`) from POST /api/v1/scim/tokens' },
      },
    },
    paths,
  };
}
