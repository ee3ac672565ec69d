import { PRINCIPAL_HEADER, type PrincipalCodec } from '../auth/internal-principal';
import type { Principal } from '../auth/principal';

/** Another service refused an operation (`code`: its error code) or could not be reached (`code` null). */
export class ServiceCallError extends Error {
  constructor(
    message: string,
    readonly code: string | null,
  ) {
    super(message);
    this.name = 'ServiceCallError';
  }
}

export interface ServiceGraphClientOptions {
  /** The calling service's name: the principal's subject (auth events, logs). */
  service: string;
  /** What the caller may do at the other service (scope-guarded fields only). */
  scopes: string[];
  principals: PrincipalCodec;
  /** The other subgraph's GraphQL URL, or a function giving it once known (start order). */
  url: string | (() => string);
  timeoutMs?: number;
}

/**
 * One service calling another subgraph's GraphQL API, never its tables. Each call carries a
 * signed internal principal of kind `service_token` (the key the gateway signs with, so the
 * other subgraph trusts it exactly as it trusts the gateway), optionally acting in a tenant.
 */
export class ServiceGraphClient {
  constructor(private readonly options: ServiceGraphClientOptions) {}

  async call<T>(query: string, variables?: Record<string, unknown>, tenantId: string | null = null): Promise<T> {
    const { service, scopes, principals, url, timeoutMs = 10_000 } = this.options;
    const principal: Principal = { kind: 'service_token', subject: service, tenantId, homeTenantId: null, roles: [], scopes };
    let res: Response;
    try {
      res = await fetch(typeof url === 'function' ? url() : url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [PRINCIPAL_HEADER]: await principals.sign(principal, `${service}|${tenantId ?? ''}`) },
        body: JSON.stringify({ query, variables }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (e) {
      throw new ServiceCallError(`unreachable: ${(e as Error).message}`, null);
    }
    const body = (await res.json().catch(() => null)) as { data?: T; errors?: Array<{ message: string; extensions?: { code?: string } }> } | null;
    const error = body?.errors?.[0];
    if (error || !body?.data) throw new ServiceCallError(error?.message ?? `answered ${res.status}`, error?.extensions?.code ?? null);
    return body.data;
  }
}
