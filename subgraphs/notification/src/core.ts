import type { PrismaClient } from '@dataplat/db';
import { DomainError, ErrorCode, type PlatformConfig, type Principal, type UserDirectoryClient } from '@dataplat/kit';

/** What the notification service asks identity (kit UserDirectoryClient, through its GraphQL API). */
export type UserLookup = Pick<UserDirectoryClient, 'exists'>;

/** What every notification-service module shares (built once per process). */
export interface NotificationCore {
  db: PrismaClient;
  config: PlatformConfig;
  /** Absent only when the schema is built alone (composition checks). */
  users?: UserLookup;
}

/** A domain of the notification subgraph: its resolver instances. */
export interface NotificationModule {
  resolvers: object[];
}

/** The tenant the caller acts in; callers without one (a service token) are refused here. */
export function actingTenant(p: Principal): string {
  if (!p.tenantId) throw new DomainError(ErrorCode.FORBIDDEN, 'This operation needs a tenant');
  return p.tenantId;
}

/** The user whose inbox the caller reads: the user of an access token or an API key. */
export function inboxOwner(p: Principal): { tenantId: string; userId: string } {
  if (p.kind !== 'access_token' && p.kind !== 'api_key') throw new DomainError(ErrorCode.FORBIDDEN, 'Notifications belong to users');
  return { tenantId: actingTenant(p), userId: p.subject };
}
