/**
 * Declarative REST routes: each documented (method, path) maps onto one GraphQL operation
 * kept in operations/<file>.graphql. Variables come from path params, query, body or headers;
 * the response is one field of the operation's data; nothing else runs per route.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call: `public` (no credentials needed; a bad token is ignored), `bearer`
 * (access token or API key; a service token is refused), `service_token` (a bearer token
 * of type `service` only), `refresh_token` (the token travels in the body).
 */
export type RouteAuth = 'public' | 'bearer' | 'service_token' | 'refresh_token';

export type Binding =
  | { from: 'body'; name?: string }
  | { from: 'query'; name: string }
  | { from: 'params'; name: string }
  | { from: 'headers'; name: string };

export interface RouteSpec {
  method: HttpMethod;
  /** Path with `{name}` placeholders, as in the spec. */
  path: string;
  summary: string;
  tag: string;
  auth: RouteAuth;
  /** File under operations/, without `.graphql`. */
  operation: string;
  /** GraphQL variable name -> where its value comes from. */
  variables?: Record<string, Binding>;
  /** Field of `data` that is the response body. */
  result: string;
  /** Success status (200 unless stated). 204 sends no body. */
  status?: number;
  /**
   * Response fields holding a secret shown once (dot paths, e.g. `newKey.apiKey`). They are
   * never stored for X-Idempotency-Key replays: a replay returns null in their place.
   */
  secretFields?: string[];
  /** The X-Tenant-ID header must be present (spec: user and role creation, data plane). */
  tenantHeader?: 'required';
}

/** The whole request body. */
export const body = (): Binding => ({ from: 'body' });
/** One field of the request body. */
export const bodyField = (name: string): Binding => ({ from: 'body', name });
export const query = (name: string): Binding => ({ from: 'query', name });
export const param = (name: string): Binding => ({ from: 'params', name });
export const header = (name: string): Binding => ({ from: 'headers', name: name.toLowerCase() });

export const defineRoutes = (routes: RouteSpec[]): RouteSpec[] => routes;
