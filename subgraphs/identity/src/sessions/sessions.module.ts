import type { IdentityCore, IdentityModule } from '../core';

/** sessions: spec 1 "sessions" endpoints (issue 3). */
export function sessionsModule(_core: IdentityCore): IdentityModule {
  return { resolvers: [] };
}
