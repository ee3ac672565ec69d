import type { PrismaClient } from '@dataplat/db';
import { DomainError, ErrorCode, isUuid, ServiceCallError, paginate, pageWindow, parseIsoInstant, type Page, type Principal } from '@dataplat/kit';
import { AuditError } from '../errors';
import type { EventRow } from '../chain/chain.repository';
import { verifyChain } from '../chain/verifier';
import { auditTenant, type UserLookup } from '../core';
import { CATEGORIES, OUTCOMES, type AuditEventExportArgs, type AuditEventFilterArgs } from './events.inputs';
import type { EventFilter, EventRepository } from './events.repository';
import type { AuditChainVerification, AuditEvent, AuditEventExportPage } from './events.type';

export const EXPORT_FORMATS = ['csv', 'json'];

/** Queries of the acting tenant's audit log, its export pages and chain verification. */
export class EventService {
  constructor(
    private readonly repo: EventRepository,
    private readonly db: PrismaClient,
    private readonly users?: UserLookup,
  ) {}

  async list(p: Principal, args: AuditEventFilterArgs): Promise<Page<AuditEvent>> {
    const tenantId = auditTenant(p);
    const { skip, take } = pageWindow(args);
    const { rows, total } = await this.repo.list(tenantId, filterOf(args), skip, take);
    return { data: rows.map(toAuditEvent), pagination: paginate(args.page, args.size, total) };
  }

  async get(p: Principal, id: string): Promise<AuditEvent> {
    const tenantId = auditTenant(p);
    const row = isUuid(id) ? await this.repo.find(tenantId, id.toLowerCase()) : null;
    if (!row) throw new DomainError(AuditError.EVENT_NOT_FOUND);
    return toAuditEvent(row);
  }

  /** Events whose actor is the user; 404 when the id is neither a user of the tenant nor an actor of its log. */
  async ofUser(p: Principal, userId: string, args: AuditEventFilterArgs): Promise<Page<AuditEvent>> {
    const page = await this.list(p, { ...args, userId } as AuditEventFilterArgs);
    if (page.pagination.total === 0 && !(isUuid(userId) && (await this.userExists(auditTenant(p), userId.toLowerCase())))) {
      throw new DomainError(AuditError.USER_NOT_FOUND);
    }
    return page;
  }

  /** Asked of identity (never its tables); 503 when it cannot answer. */
  private async userExists(tenantId: string, userId: string): Promise<boolean> {
    if (!this.users) throw new Error('the audit service was built without a user lookup');
    try {
      return await this.users.exists(tenantId, userId);
    } catch (e) {
      if (e instanceof ServiceCallError) throw new DomainError(ErrorCode.UPSTREAM_UNAVAILABLE, 'The identity service is unavailable');
      throw e;
    }
  }

  /** Events about one resource; 404 when there is none. */
  async ofResource(p: Principal, resourceType: string, resourceId: string, args: AuditEventFilterArgs): Promise<Page<AuditEvent>> {
    const page = await this.list(p, { ...args, resourceType, resourceId } as AuditEventFilterArgs);
    if (page.pagination.total === 0) throw new DomainError(AuditError.RESOURCE_NOT_FOUND);
    return page;
  }

  /** One export page (oldest first, keyset on seq); the facade streams the pages as CSV or JSON. */
  async exportPage(p: Principal, args: AuditEventExportArgs): Promise<AuditEventExportPage> {
    const tenantId = auditTenant(p);
    const format = args.format.toLowerCase();
    if (!EXPORT_FORMATS.includes(format)) throw new DomainError(AuditError.EXPORT_FORMAT_INVALID, undefined, { field: 'format', allowed: EXPORT_FORMATS });
    const rows = await this.repo.page(tenantId, filterOf(args), BigInt(args.after ?? '0'), args.limit);
    const events = rows.map(toAuditEvent);
    return { format, events, nextCursor: rows.length === args.limit ? rows[rows.length - 1].seq.toString() : null };
  }

  async verify(p: Principal): Promise<AuditChainVerification> {
    const v = await verifyChain(this.db, auditTenant(p));
    return {
      tenantId: v.tenantId,
      intact: v.intact,
      eventsChecked: v.eventsChecked,
      firstBrokenSeq: v.firstBrokenSeq === null ? null : Number(v.firstBrokenSeq),
      reason: v.reason,
      checkpointSeq: Number(v.checkpointSeq),
      headSeq: Number(v.headSeq),
      headHash: v.headHash,
      verifiedAt: new Date(),
    };
  }
}

/** Validated filters: dates parse (start before end), outcome and category are known values. */
export function filterOf(args: AuditEventFilterArgs): EventFilter {
  const from = args.startDate ? instant('startDate', args.startDate) : undefined;
  const to = args.endDate ? instant('endDate', args.endDate) : undefined;
  if (from && to && from > to) throw new DomainError(AuditError.QUERY_INVALID, 'startDate must not be after endDate', { field: 'startDate' });
  const outcome = args.outcome?.toUpperCase();
  if (outcome && !OUTCOMES.includes(outcome)) throw new DomainError(AuditError.QUERY_INVALID, `outcome must be one of ${OUTCOMES.join(', ')}`, { field: 'outcome' });
  const category = args.category?.toUpperCase();
  if (category && !CATEGORIES.includes(category)) throw new DomainError(AuditError.QUERY_INVALID, `category must be one of ${CATEGORIES.join(', ')}`, { field: 'category' });
  return { action: args.action, from, to, actorId: args.userId, resourceType: args.resourceType, resourceId: args.resourceId, outcome, category };
}

function instant(field: string, text: string): Date {
  const d = parseIsoInstant(text);
  if (!d) throw new DomainError(AuditError.QUERY_INVALID, `${field} must be an ISO 8601 date or date-time`, { field });
  return d;
}

export const toAuditEvent = (r: EventRow): AuditEvent => ({
  id: r.id,
  tenantId: r.tenantId,
  seq: Number(r.seq),
  timestamp: r.occurredAt,
  recordedAt: r.recordedAt,
  actorKind: r.actorKind,
  userId: r.actorId,
  actorTenantId: r.actorTenantId,
  actorRoles: r.actorRoles,
  action: r.action,
  category: r.category,
  resourceType: r.resourceType,
  resourceId: r.resourceId,
  outcome: r.outcome,
  errorCode: r.errorCode,
  requestId: r.requestId,
  ipAddress: r.ip,
  userAgent: r.userAgent,
  details: (r.details ?? {}) as Record<string, unknown>,
  prevHash: r.prevHash,
  hash: r.hash,
});
