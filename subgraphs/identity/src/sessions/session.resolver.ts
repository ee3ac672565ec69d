import { Arg, Authorized, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import { ALLOW_DURING_PASSWORD_CHANGE, requirePrincipal, type RequestContext } from '@dataplat/kit';
import type { SessionService } from './session.service';
import { CurrentSession, RevokedSessions, Session, SessionCount } from './session.type';

/** The caller's own sessions (spec 1 "Sessions") and GET /api/v1/auth/session. */
@Resolver(() => Session)
export class SessionResolver {
  constructor(private readonly service: SessionService) {}

  @Authorized('sessions:read')
  @Query(() => [Session], { description: 'The caller\'s sessions, newest first: active ones, or all of them with includeInactive.' })
  sessions(
    @Arg('includeInactive', () => Boolean, { defaultValue: false }) includeInactive: boolean,
    @Ctx() ctx: RequestContext,
  ): Promise<Session[]> {
    return this.service.list(requirePrincipal(ctx), includeInactive);
  }

  @Authorized('sessions:read')
  @Query(() => SessionCount, { description: 'Number of the caller\'s active sessions.' })
  async sessionCount(@Ctx() ctx: RequestContext): Promise<SessionCount> {
    return { count: await this.service.count(requirePrincipal(ctx)) };
  }

  // Readable while a temporary password must be changed: it reports exactly that state.
  @Authorized(ALLOW_DURING_PASSWORD_CHANGE)
  @Query(() => CurrentSession, { description: 'The presented credential: user, tenant, roles, token expiry and its session.' })
  currentSession(@Ctx() ctx: RequestContext): Promise<CurrentSession> {
    return this.service.current(requirePrincipal(ctx));
  }

  @Authorized('sessions:write')
  @Mutation(() => Boolean, { description: 'Revokes one of the caller\'s sessions (its refresh and access tokens).' })
  revokeSession(@Arg('id', () => Int) id: number, @Ctx() ctx: RequestContext): Promise<boolean> {
    return this.service.revoke(requirePrincipal(ctx), id, ctx.client);
  }

  @Authorized('sessions:write')
  @Mutation(() => RevokedSessions, { description: 'Revokes every active session of the caller except the current one.' })
  revokeOtherSessions(@Ctx() ctx: RequestContext): Promise<RevokedSessions> {
    return this.service.revokeOthers(requirePrincipal(ctx), ctx.client);
  }

  @Authorized('sessions:write')
  @Mutation(() => RevokedSessions, { description: 'Revokes every active session of the caller, the current one included (forces re-login).' })
  revokeAllSessions(@Ctx() ctx: RequestContext): Promise<RevokedSessions> {
    return this.service.revokeAll(requirePrincipal(ctx), ctx.client);
  }
}
