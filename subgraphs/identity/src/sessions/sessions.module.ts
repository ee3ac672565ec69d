import type { IdentityCore, IdentityModule } from '../core';
import { AuthEventRepository } from '../auth/auth-event.repository';
import { SessionQueryRepository } from './session-query.repository';
import { SessionResolver } from './session.resolver';
import { SessionRevocationRepository } from './session-revocation.repository';
import { SessionService } from './session.service';

/** The caller's own sessions, shared with the devices module (blocking a device ends its sessions). */
export function sessionService(core: IdentityCore): SessionService {
  return new SessionService(new SessionQueryRepository(core.db), new SessionRevocationRepository(core.db), core.revocation, new AuthEventRepository(core.db));
}

/** sessions: spec 1 "Sessions", and GET /api/v1/auth/session (issue 3). */
export function sessionsModule(core: IdentityCore): IdentityModule {
  return { resolvers: [new SessionResolver(sessionService(core))] };
}
