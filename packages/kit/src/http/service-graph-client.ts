import { PRINCIPAL_HEADER, type PrincipalCodec } from '../auth/internal-principal';
import type { Principal } from '../auth/principal';

/** Another subgraph refused a call (`code`: its catalogue code) or could not be reached (`code` null). */
export class ServiceCallError extends Error {
  constructor(
    message: string,
    readonly code: string | null,
  ) {
    super(message);
    this.name = 'ServiceCallError';
  }
}

/**
 * Calls another subgraph through its GraphQL API (never its tables), as a service: each call
 * carries a signed internal principal of kind `service_token` for `service`, acting in one
 * tenant with `scopes` only. The key is the one the gateway signs with, so the callee trusts it
 * exactly as it trusts the gateway.
 */
export class ServiceGraphClient {
  constructor(
    private readonly url: string,
    private readonly principals: PrincipalCodec,
    private readonly service: string,
    private readonly scopes: string[],
    private readonly timeoutMs = 10_000,
  ) {}

  async call<T>(tenantId: string, query: string, variables?: Record<string, unknown>): Promise<T> {
    const principal: Principal = { kind: 'service_token', subject: this.service, tenantId, homeTenantId: null, roles: [], scopes: this.scopes };
    let res: Response;
    try {
      res = await fetch(this.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [PRINCIPAL_HEADER]: await this.principals.sign(principal, `${this.service}|${tenantId}`) },
        body: JSON.stringify({ query, variables }),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (e) {
      throw new ServiceCallError(`${this.url} unreachable: ${(e as Error).message}`, null);
    }
    const body = (await res.json().catch(() => null)) as { data?: T; errors?: Array<{ message: string; extensions?: { code?: string } }> } | null;
    const error = body?.errors?.[0];
    if (error || !body?.data) throw new ServiceCallError(error?.message ?? `${this.url} answered ${res.status}`, error?.extensions?.code ?? null);
    return body.data;
  }
}
