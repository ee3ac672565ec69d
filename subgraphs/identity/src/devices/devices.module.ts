import type { IdentityCore, IdentityModule } from '../core';

/** devices: spec 1 "devices" endpoints (issue 3). */
export function devicesModule(_core: IdentityCore): IdentityModule {
  return { resolvers: [] };
}
