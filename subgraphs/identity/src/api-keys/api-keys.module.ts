import type { IdentityCore, IdentityModule } from '../core';

/** api-keys: spec 1 "api-keys" endpoints (issue 3). */
export function apiKeysModule(_core: IdentityCore): IdentityModule {
  return { resolvers: [] };
}
