import { Arg, Args, Authorized, Ctx, ID, Query, Resolver } from 'type-graphql';
import { requirePrincipal, type RequestContext } from '@dataplat/kit';
import { AUDIT_READERS } from '../core';
import { AuditEventExportArgs, AuditEventFilterArgs } from './events.inputs';
import type { EventService } from './events.service';
import { AuditChainVerification, AuditEvent, AuditEventExportPage, AuditEventPage } from './events.type';

@Resolver(() => AuditEvent)
export class EventResolver {
  constructor(private readonly service: EventService) {}

  @Authorized(...AUDIT_READERS)
  @Query(() => AuditEventPage, { description: 'Audit events of the acting tenant, newest first (Auditor, Admin).' })
  auditEvents(@Args() args: AuditEventFilterArgs, @Ctx() ctx: RequestContext): Promise<AuditEventPage> {
    return this.service.list(requirePrincipal(ctx), args);
  }

  @Authorized(...AUDIT_READERS)
  @Query(() => AuditEvent, { description: 'One audit event of the acting tenant.' })
  auditEvent(@Arg('id', () => ID) id: string, @Ctx() ctx: RequestContext): Promise<AuditEvent> {
    return this.service.get(requirePrincipal(ctx), id);
  }

  @Authorized(...AUDIT_READERS)
  @Query(() => AuditEventPage, { description: 'Events whose actor is this user, newest first.' })
  userAuditEvents(@Arg('userId', () => ID) userId: string, @Args() args: AuditEventFilterArgs, @Ctx() ctx: RequestContext): Promise<AuditEventPage> {
    return this.service.ofUser(requirePrincipal(ctx), userId, args);
  }

  @Authorized(...AUDIT_READERS)
  @Query(() => AuditEventPage, { description: 'Events about one resource, newest first.' })
  resourceAuditEvents(
    @Arg('resourceType') resourceType: string,
    @Arg('resourceId') resourceId: string,
    @Args() args: AuditEventFilterArgs,
    @Ctx() ctx: RequestContext,
  ): Promise<AuditEventPage> {
    return this.service.ofResource(requirePrincipal(ctx), resourceType, resourceId, args);
  }

  @Authorized(...AUDIT_READERS)
  @Query(() => AuditEventExportPage, { description: 'One page of an export, oldest first (the REST facade streams all pages as CSV or JSON).' })
  auditEventExport(@Args() args: AuditEventExportArgs, @Ctx() ctx: RequestContext): Promise<AuditEventExportPage> {
    return this.service.exportPage(requirePrincipal(ctx), args);
  }

  @Authorized(...AUDIT_READERS)
  @Query(() => AuditChainVerification, { description: "Recomputes the acting tenant's hash chain: intact, or the first broken seq." })
  verifyAuditChain(@Ctx() ctx: RequestContext): Promise<AuditChainVerification> {
    return this.service.verify(requirePrincipal(ctx));
  }
}
