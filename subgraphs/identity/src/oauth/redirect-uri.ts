/** Loopback hosts for which RFC 8252 section 7.3 allows plain http (and any port). */
const LOOPBACK = new Set(['127.0.0.1', '[::1]', 'localhost']);

const isLoopback = (url: URL) => LOOPBACK.has(url.hostname);

/**
 * A redirect URI a client may register: absolute, without a fragment (RFC 6749 3.1.2), https,
 * or http on a loopback host (RFC 8252 7.3). Returns the reason it is refused, or null.
 */
export function redirectUriProblem(uri: string): string | null {
  if (uri.length > 2000) return 'is longer than 2000 characters';
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return 'is not an absolute URI';
  }
  if (uri.includes('#')) return 'must not have a fragment';
  if (url.username || url.password) return 'must not carry user information';
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:' && isLoopback(url)) return null;
  return 'must use https (plain http only on a loopback host)';
}

/**
 * The registered redirect URI a request's `redirect_uri` names: an exact string match
 * (RFC 9700 2.1), except that the port of a loopback http URI may vary (RFC 8252 7.3).
 */
export function matchRedirectUri(requested: string, registered: readonly string[]): string | null {
  if (registered.includes(requested)) return requested;
  let asked: URL;
  try {
    asked = new URL(requested);
  } catch {
    return null;
  }
  if (asked.protocol !== 'http:' || !isLoopback(asked)) return null;
  for (const candidate of registered) {
    const url = new URL(candidate);
    if (url.protocol !== 'http:' || !isLoopback(url)) continue;
    url.port = asked.port;
    if (url.href === asked.href) return requested;
  }
  return null;
}

/** The redirect URI with response parameters added to its query (its own query is kept, RFC 6749 3.1.2). */
export function withParams(redirectUri: string, params: Record<string, string | undefined | null>): string {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(params)) if (value !== undefined && value !== null) url.searchParams.append(name, value);
  return url.href;
}
