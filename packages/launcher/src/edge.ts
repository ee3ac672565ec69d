import type { PrismaClient } from '@dataplat/db';
import {
  API_KEY_CHANNEL,
  ApiKeyAuthenticator,
  ApiKeyUsageRecorder,
  Authenticator,
  createGateway,
  DatabaseBlocklistStore,
  RedisBlocklistStore,
  REVOCATION_CHANNEL,
  SCIM_TOKEN_CHANNEL,
  ScimTokenAuthenticator,
  TokenBlocklist,
  type BlocklistStore,
  trustProxyOption,
  type SubgraphEndpoint,
  DirectoryTenantStatusStore,
  TenantAccessGate,
  createTenantRateLimits,
  startGatewaySubgraph,
  ProvisioningFeed,
  attachSubscriptionServer,
  AuditIntakeWriter,
  PERMISSIONS_CHANNEL,
  PermissionDirectory,
} from '@dataplat/gateway';
import { createEdgeCredentialStores } from '@dataplat/identity';
import { createRateLimitStore, PrincipalCodec, PROVISIONING_CHANNEL, RateLimiter, TenantDirectoryClient, TENANT_STATUS_CHANNEL, tokenServiceFromConfig, type Logger, type PlatformConfig, type WakeChannel } from '@dataplat/kit';
import { createEdgeServer, IdempotencyStore } from '@dataplat/rest-facade';

export interface RunningEdge {
  url: string;
  stop(): Promise<void>;
}

/**
 * The public edge: gateway composed from `subgraphs`, REST facade, rate limits and
 * idempotency, listening on HOST:PORT. Stops what it started, in reverse order.
 * `changes` is the process's change channel (the LISTEN connection to the database `db`
 * talks to, shared with the subgraphs in one process): it carries credential changes from
 * identity and tenant status changes to the edge's caches.
 */
export async function startEdge(
  config: PlatformConfig,
  logger: Logger,
  db: PrismaClient,
  subgraphs: SubgraphEndpoint[],
  changes: WakeChannel | undefined,
): Promise<RunningEdge> {
  const stack: Array<() => Promise<unknown>> = [];
  const stop = async () => {
    while (stack.length) await stack.pop()!().catch((e) => logger.error({ err: e }, 'error during shutdown'));
  };
  try {
    const principals = await PrincipalCodec.create(config.JWT_SECRET);
    const tenantDirectory = new TenantDirectoryClient('gateway', principals, tenantUrlOf(subgraphs));
    // Per-tenant rate limits: their configuration is served by the edge's own `gateway` subgraph.
    const tenantLimits = createTenantRateLimits(config.REDIS_URL);
    stack.push(() => tenantLimits.close());
    const gatewaySubgraph = await startGatewaySubgraph({ limits: tenantLimits, tenants: new DirectoryTenantStatusStore(tenantDirectory), principals, logger: logger.child({ subgraph: 'gateway' }) });
    stack.push(() => gatewaySubgraph.close());
    subgraphs = [...subgraphs, { name: 'gateway', url: gatewaySubgraph.url, local: gatewaySubgraph.local }];
    // Every mutation through the gateway is recorded into audit.intake, written behind (docs/audit-service.md).
    const audit = new AuditIntakeWriter(db, logger.child({ component: 'audit-intake' }));
    stack.push(() => audit.stop());
    const limits = {
      maxDepth: config.GRAPHQL_MAX_DEPTH,
      maxAliases: config.GRAPHQL_MAX_ALIASES,
      maxCost: config.GRAPHQL_MAX_COST,
      maxTokens: config.GRAPHQL_MAX_TOKENS,
      maxDirectives: config.GRAPHQL_MAX_DIRECTIVES,
    };
    const gateway = await createGateway({ subgraphs, principals, logger: logger.child({ component: 'gateway' }), audit, limits });
    stack.push(() => gateway.stop());

    const store = createRateLimitStore(config.REDIS_URL);
    stack.push(() => store.close());
    const idempotency = new IdempotencyStore(db, config.IDEMPOTENCY_TTL);
    const purge = setInterval(() => idempotency.purgeExpired().catch((e) => logger.warn({ err: e }, 'idempotency purge failed')), 3_600_000);
    purge.unref();
    stack.push(async () => clearInterval(purge));

    // Provisioning notices for graphql-ws subscriptions: Redis pub/sub, else the LISTEN below.
    const provisioningFeed = new ProvisioningFeed();
    await provisioningFeed.start(config.REDIS_URL);
    stack.push(() => provisioningFeed.close());
    const { apiKeys, blocklist, tenants, scimTokens, permissions } = await startCredentialChecks(config, db, changes, logger, stack, provisioningFeed, tenantDirectory);
    const authenticator = new Authenticator(await tokenServiceFromConfig(config), { apiKeys, blocklist, tenants, scimTokens, permissions });
    const edge = await createEdgeServer({
      gateway,
      authenticator,
      rateLimiter: new RateLimiter(store),
      tenantLimits,
      rateLimitPerMinute: config.RATE_LIMIT_PER_MINUTE,
      idempotency,
      logger,
      trustProxy: trustProxyOption(config.TRUST_PROXY),
      databaseReady: async () => {
        await db.$queryRaw`SELECT 1`;
      },
      auditIntake: audit,
    });
    await edge.listen({ host: config.HOST, port: config.PORT });
    stack.push(() => edge.close());
    const subscriptions = attachSubscriptionServer(edge.server, { gateway, authenticator, feed: provisioningFeed, logger: logger.child({ component: 'subscriptions' }) });
    stack.push(() => subscriptions.close());
    const address = edge.server.address();
    const port = typeof address === 'object' && address ? address.port : config.PORT;
    return { url: `http://127.0.0.1:${port}`, stop };
  } catch (e) {
    await stop();
    throw e;
  }
}

/**
 * Credential checks that depend on identity's changes: X-API-Key lookups (usage written
 * behind) and the access-token blocklist (Redis store with REDIS_URL, else the database);
 * and on the tenant service's: suspended tenants. The caches hear the NOTIFYs on the change
 * channel; after a lost connection (a `null` notice) each clears what may have gone stale.
 */
async function startCredentialChecks(
  config: PlatformConfig,
  db: PrismaClient,
  changes: WakeChannel | undefined,
  logger: Logger,
  stack: Array<() => Promise<unknown>>,
  provisioningFeed: ProvisioningFeed,
  tenantDirectory: TenantDirectoryClient,
): Promise<{ apiKeys: ApiKeyAuthenticator; blocklist: TokenBlocklist; tenants: TenantAccessGate; scimTokens: ScimTokenAuthenticator; permissions: PermissionDirectory }> {
  // Identity's own code reads its credential tables (docs/decisions.md §38); the edge caches.
  const credentials = createEdgeCredentialStores(db);
  const usage = new ApiKeyUsageRecorder(credentials.apiKeys, 60_000, logger);
  stack.push(() => usage.stop());
  const apiKeys = new ApiKeyAuthenticator(credentials.apiKeys, { usage });
  const scimTokens = new ScimTokenAuthenticator(credentials.scimTokens);
  const permissions = new PermissionDirectory(credentials.permissions);

  let revocations: BlocklistStore = new DatabaseBlocklistStore(credentials.revokedTokens);
  if (config.REDIS_URL) {
    const redis = new RedisBlocklistStore(config.REDIS_URL);
    await redis.syncFrom(credentials.revokedTokens);
    revocations = redis;
  }
  const blocklist = new TokenBlocklist(revocations);
  stack.push(() => blocklist.close());
  const tenants = new TenantAccessGate(new DirectoryTenantStatusStore(tenantDirectory));

  if (!changes) {
    logger.warn('no change channel: revocations reach this edge only when its caches expire (API keys and permissions 30 s, tokens 2 s)');
    return { apiKeys, blocklist, tenants, scimTokens, permissions };
  }
  const onError = (e: unknown) => logger.warn({ err: e }, 'blocklist store write failed');
  // A role's permissions changed: callers' permissions, and API keys (their owners' permissions).
  const permissionsChanged = () => {
    permissions.clear();
    apiKeys.clear();
  };
  const handlers: Record<string, (payload: string) => void> = {
    [API_KEY_CHANNEL]: (payload) => apiKeys.onNotification(payload),
    [REVOCATION_CHANNEL]: (payload) => blocklist.onNotification(payload, onError),
    [TENANT_STATUS_CHANNEL]: (payload) => tenants.onNotification(payload),
    [SCIM_TOKEN_CHANNEL]: (payload) => scimTokens.onNotification(payload),
    [PERMISSIONS_CHANNEL]: permissionsChanged,
    ...(config.REDIS_URL ? {} : { [PROVISIONING_CHANNEL]: (payload: string) => provisioningFeed.notify(payload) }),
  };
  // Notices lost while the connection was down: whatever they would have dropped may be stale.
  const gaps: Record<string, () => void> = {
    [API_KEY_CHANNEL]: () => apiKeys.clear(),
    [REVOCATION_CHANNEL]: () => blocklist.forgetClean(),
    [TENANT_STATUS_CHANNEL]: () => tenants.clear(),
    [SCIM_TOKEN_CHANNEL]: () => scimTokens.clear(),
    [PERMISSIONS_CHANNEL]: permissionsChanged,
  };
  for (const [channel, handler] of Object.entries(handlers)) {
    const unsubscribe = changes.subscribe(channel, (payload) => (payload === null ? gaps[channel]?.() : handler(payload)));
    stack.push(async () => unsubscribe());
  }
  return { apiKeys, blocklist, tenants, scimTokens, permissions };
}

/** The tenant subgraph's URL: the edge asks its directory whether a caller's tenant is open. */
function tenantUrlOf(subgraphs: SubgraphEndpoint[]): string {
  const tenant = subgraphs.find((s) => s.name === 'tenant');
  if (!tenant) throw new Error('the edge needs the tenant subgraph (suspension checks)');
  return tenant.url;
}
