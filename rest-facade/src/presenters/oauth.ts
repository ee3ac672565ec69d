import type { HttpResponse, PresentedFailure, Presenter } from '../route-spec';

/** RFC 6749 5.1 / RFC 7662 / RFC 7009 responses must not be cached. */
const NO_STORE = { 'cache-control': 'no-store', pragma: 'no-cache' };

/** Members that are null are absent in the standards' JSON (e.g. no refresh_token, inactive introspection). */
function withoutNulls(payload: unknown): unknown {
  if (!payload || typeof payload !== 'object' || Array.isArray(payload)) return payload;
  return Object.fromEntries(Object.entries(payload).filter(([, v]) => v !== null && v !== undefined));
}

/** The RFC 6749 5.2 error a failure is, from `details.error` (set by identity) or its status. */
function oauthErrorOf(f: PresentedFailure): string {
  const named = (f.details as { error?: unknown } | null)?.error;
  if (typeof named === 'string') return named;
  if (f.status === 401) return 'invalid_client';
  if (f.status === 503 || f.status === 429) return 'temporarily_unavailable';
  if (f.status >= 500) return 'server_error';
  return 'invalid_request';
}

/**
 * Any failure as `{error, error_description}` (RFC 6749 5.2). invalid_client is a 401 with
 * `WWW-Authenticate: Basic` when the client used Basic or sent no credentials, else a 400;
 * 429 and 5xx keep their status; everything else is a 400.
 */
export function oauthFailure(f: PresentedFailure): HttpResponse {
  const error = oauthErrorOf(f);
  const headers: Record<string, string> = { ...NO_STORE };
  let status = f.status === 429 || f.status >= 500 ? f.status : 400;
  if (error === 'invalid_client') {
    const challenge = (f.details as { challenge?: unknown } | null)?.challenge;
    if (challenge !== false) {
      status = 401;
      headers['www-authenticate'] = 'Basic realm="dataplat-oauth", charset="UTF-8"';
    }
  }
  return { status, headers, body: { error, error_description: f.message } };
}

/** Token and introspection endpoints: form bodies only, JSON answers that are never cached. */
export const oauthEndpoint: Presenter = {
  accepts: ['application/x-www-form-urlencoded'],
  jsonBody: false,
  success: (payload) => ({ status: 200, headers: NO_STORE, body: withoutNulls(payload) }),
  failure: oauthFailure,
};

/** Revocation endpoint (RFC 7009 2.2): 200 with an empty body. */
export const oauthRevocation: Presenter = {
  accepts: ['application/x-www-form-urlencoded'],
  jsonBody: false,
  success: () => ({ status: 200, headers: NO_STORE }),
  failure: oauthFailure,
};

interface Authorization {
  redirectUri: string | null;
  error?: string | null;
}

/**
 * GET /authorize: a 302 to the client's redirect URI with the code or the error (RFC 6749
 * 4.1.2, 4.1.2.1). Failures that must not be redirected (unknown client, unregistered
 * redirect URI, no signed-in user) keep the platform envelope.
 */
export const authorizationRedirect: Presenter = {
  success: (payload): HttpResponse => {
    const { redirectUri } = payload as Authorization;
    // An X-Idempotency-Key replay carries no code (secretFields): it says so instead of redirecting.
    if (!redirectUri) return { status: 200, headers: { 'cache-control': 'no-store' }, body: withoutNulls(payload) };
    return { status: 302, headers: { location: redirectUri, 'cache-control': 'no-store' } };
  },
};

/** POST /authorize: the same outcome as JSON: 200 `{redirectUri, code, state, iss}`, or 400 with `error`. */
export const authorizationJson: Presenter = {
  accepts: ['application/x-www-form-urlencoded'],
  success: (payload) => ({ status: (payload as Authorization).error ? 400 : 200, headers: { 'cache-control': 'no-store' }, body: withoutNulls(payload) }),
};

/** RFC 8414 metadata: absent members left out. */
export const metadataDocument: Presenter = {
  success: (payload) => ({ status: 200, body: withoutNulls(payload) }),
};
