/**
 * Declarative REST routes: each documented (method, path) maps onto one GraphQL operation
 * kept in operations/<file>.graphql. Variables come from path params, query, body or headers;
 * the response is one field of the operation's data; nothing else runs per route.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call: `public` (no credentials needed; a bad token is ignored), `bearer`
 * (access token or API key; a service token is refused), `service_token` (a bearer token
 * of type `service` only), `refresh_token` (the token travels in the body), `scim_bearer`
 * (a tenant's SCIM token `dps_scim_...` only; a SCIM token is refused on every other
 * authenticated route).
 */
export type RouteAuth = 'public' | 'bearer' | 'service_token' | 'refresh_token' | 'scim_bearer';

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
  /**
   * For routes that speak a standard of their own instead of the platform's JSON envelope
   * (OAuth 2.0, SCIM, SAML): accepted body media types, and how success and failure are sent.
   */
  presenter?: Presenter;
  /**
   * Server-sent events instead of one response (GET only): the operation runs every
   * `intervalMs` and each result is sent as event `event`; when `done(result)` holds, that
   * result is sent once more as `finalEvent` and the stream ends (also after `timeoutMs`, or
   * when the client goes). A failure of the first run is an ordinary error response.
   */
  stream?: EventStream;
  /**
   * A file download streamed in chunks (GET only; chunked transfer encoding, bounded memory):
   * the operation runs once per page, the next page's cursor going into `cursorVariable`,
   * and each page is written in the format the first page names as soon as it arrives.
   */
  download?: Download;
}

export interface Download {
  /** Base of the attachment file name: `<filename>-<UTC date>.<csv|json>`. */
  filename: string;
  /** Field of the result naming the format (`csv` or `json`, as the operation validated it). */
  formatField: string;
  /** Field of the result holding the page's items. */
  items: string;
  /** Field of the result holding the cursor of the next page (null on the last). */
  nextCursor: string;
  /** Variable the cursor is passed in. */
  cursorVariable: string;
  /** CSV columns, in order: [item field, header]; a non-scalar value is written as JSON. JSON writes the items whole. */
  columns: Array<[field: string, header: string]>;
}

export interface EventStream {
  event: string;
  finalEvent: string;
  intervalMs: number;
  timeoutMs: number;
  done(result: any): boolean;
}

/** Body media types the facade can parse besides `application/json` (each into an object). */
export type BodyMediaType = 'application/x-www-form-urlencoded' | 'application/scim+json';

/** What a presenter sends: `body` undefined sends none; a string body is sent as is. */
export interface HttpResponse {
  status: number;
  body?: unknown;
  headers?: Record<string, string | number>;
}

/** A failure as the facade rendered it in the envelope, for a presenter to restate. */
export interface PresentedFailure {
  status: number;
  code: string;
  message: string;
  details: unknown;
  requestId: string;
  path: string;
}

export interface Presenter {
  /** Media types accepted besides JSON; JSON stays accepted unless `jsonBody` is false. */
  accepts?: BodyMediaType[];
  jsonBody?: boolean;
  /** Sends a success (`payload` is the route's result field). Default: JSON with `status`. */
  success?(payload: unknown, status: number): HttpResponse;
  /** Sends any failure of the route, including authentication and body parsing failures. */
  failure?(failure: PresentedFailure): HttpResponse;
}

/** The whole request body. */
export const body = (): Binding => ({ from: 'body' });
/** One field of the request body. */
export const bodyField = (name: string): Binding => ({ from: 'body', name });
export const query = (name: string): Binding => ({ from: 'query', name });
export const param = (name: string): Binding => ({ from: 'params', name });
export const header = (name: string): Binding => ({ from: 'headers', name: name.toLowerCase() });

export const defineRoutes = (routes: RouteSpec[]): RouteSpec[] => routes;
