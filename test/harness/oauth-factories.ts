import * as oauth from 'oauth4webapi';
import type { ApiClient } from './client';

export const REDIRECT_URI = 'http://127.0.0.1:8765/callback';

export interface RegisteredClient {
  client_id: string;
  client_secret: string | null;
  [field: string]: unknown;
}

/** Registers an OAuth client through POST /api/v1/oauth2/clients (RFC 7591 metadata). */
export async function registerClient(api: ApiClient, adminToken: string, metadata: Record<string, unknown> = {}): Promise<RegisteredClient> {
  const res = await api.post('/api/v1/oauth2/clients', { client_name: 'e2e client', redirect_uris: [REDIRECT_URI], scope: 'profile:read', ...metadata }, { token: adminToken });
  if (res.status !== 201) throw new Error(`register client failed: ${res.status} ${res.text}`);
  return res.body;
}

/** The http loopback platform: oauth4webapi's documented opt-in for http. */
export const INSECURE = { [oauth.allowInsecureRequests]: true } as const;

/** RFC 8414 discovery against the platform, as a stock client does it. */
export async function discover(baseUrl: string): Promise<oauth.AuthorizationServer> {
  const issuer = new URL(baseUrl);
  return oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, { algorithm: 'oauth2', ...INSECURE }));
}

/** The authorization request a client builds, sent by the user agent of a signed-in user; returns the 302. */
export async function authorize(as: oauth.AuthorizationServer, userToken: string, params: Record<string, string>): Promise<Response> {
  const url = new URL(as.authorization_endpoint!);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return fetch(url, { headers: { authorization: `Bearer ${userToken}` }, redirect: 'manual' });
}

/** Form POST to a protocol endpoint, for the error cases a stock client never sends. */
export async function form(baseUrl: string, path: string, body: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: Headers; body: any }> {
  const res = await fetch(`${baseUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, body });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
}

export const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`;
