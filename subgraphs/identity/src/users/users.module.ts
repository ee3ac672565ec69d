import type { IdentityCore, IdentityModule } from '../core';
import { userReferenceResolver } from './user.reference';
import { UserResolver } from './user.resolver';
import { UserService } from './user.service';

export function usersModule(core: IdentityCore): IdentityModule {
  return { resolvers: [new UserResolver(new UserService(core.users, core.roles))], references: userReferenceResolver(core.users) };
}
