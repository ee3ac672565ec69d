import { getNamedType, GraphQLError, isNonNullType, isObjectType, type GraphQLFormattedError, type GraphQLObjectType, type GraphQLSchema } from 'graphql';
import type { GatewayContext } from '../context';
import type { Gateway } from '../gateway';
import type { ProvisioningFeed } from './provisioning-feed';

/** Job statuses after which the subscription completes (as the SSE stream's `complete`). */
export const FINAL_STATUSES = ['COMPLETED', 'FAILED', 'ROLLED_BACK'];
export const POLL_MS = 2_000;
export const TIMEOUT_MS = 30 * 60_000;

/**
 * A selection of every field of `type` (fields without required arguments, objects to
 * `depth` levels): the status is read whole, and the client's own document picks from it.
 */
export function fullSelection(type: GraphQLObjectType, depth = 3): string {
  const fields = Object.values(type.getFields()).filter((f) => !f.args.some((a) => isNonNullType(a.type) && a.defaultValue === undefined));
  const parts = fields.flatMap((f) => {
    const named = getNamedType(f.type);
    if (!isObjectType(named)) return [f.name];
    return depth > 1 ? [`${f.name} ${fullSelection(named, depth - 1)}`] : [];
  });
  return `{ ${parts.join(' ')} }`;
}

/** The query the subscription reads the status with (built once from the composed schema). */
export function detailedStatusQuery(schema: GraphQLSchema): string {
  const type = schema.getType('ProvisioningDetailedStatus');
  if (!isObjectType(type)) throw new Error('the composed schema has no ProvisioningDetailedStatus type');
  return `query ProvisioningStatusSubscription($tenantId: ID!) { provisioningDetailedStatus(tenantId: $tenantId) ${fullSelection(type)} }`;
}

export type DetailedStatus = { progress?: { status?: string } } & Record<string, unknown>;

/** The gateway's errors as one GraphQLError with the first error's code (DPF-TEN-001, DPF-AUTH-007 ...). */
function toError(errors: readonly GraphQLFormattedError[]): GraphQLError {
  const [first] = errors;
  return new GraphQLError(first.message, { extensions: first.extensions });
}

/** Reads the detailed status through the gateway as the subscriber (the query's own auth rules apply). */
export async function fetchStatus(gateway: Gateway, query: string, tenantId: string, context: GatewayContext): Promise<DetailedStatus> {
  const response = await gateway.server.executeOperation({ query, variables: { tenantId } }, { contextValue: { ...context } });
  if (response.body.kind !== 'single') throw new Error('unexpected incremental response');
  const { data, errors } = response.body.singleResult;
  if (errors?.length) throw toError(errors);
  return (data as { provisioningDetailedStatus: DetailedStatus }).provisioningDetailedStatus;
}

export const isFinal = (status: DetailedStatus | null): boolean => !status || FINAL_STATUSES.includes(status.progress?.status ?? '');

/**
 * The events of one subscription: `first` at once, then a fresh read on every notice about the
 * tenant and at least every POLL_MS, until a final status (which is sent) or TIMEOUT_MS. A
 * read that fails ends the stream with that error. Notices that arrive during a read are not lost.
 */
export async function* statusUpdates(first: DetailedStatus, read: () => Promise<DetailedStatus>, feed: ProvisioningFeed, tenantId: string, opts = { pollMs: POLL_MS, timeoutMs: TIMEOUT_MS }): AsyncGenerator<{ provisioningStatus: DetailedStatus | GraphQLError }> {
  const deadline = Date.now() + opts.timeoutMs;
  let noticed = false;
  let wake: (() => void) | undefined;
  const unsubscribe = feed.subscribe(tenantId, () => {
    noticed = true;
    wake?.();
  });
  try {
    let status = first;
    for (;;) {
      yield { provisioningStatus: status };
      if (isFinal(status)) return;
      if (!noticed) {
        let timer: NodeJS.Timeout | undefined;
        await new Promise<void>((resolve) => {
          wake = resolve;
          timer = setTimeout(resolve, Math.max(0, Math.min(opts.pollMs, deadline - Date.now())));
        });
        clearTimeout(timer);
        wake = undefined;
      }
      if (Date.now() >= deadline) return;
      noticed = false;
      try {
        status = await read();
      } catch (e) {
        yield { provisioningStatus: e instanceof GraphQLError ? e : new GraphQLError('provisioning status could not be read') };
        return;
      }
    }
  } finally {
    unsubscribe();
  }
}
