import DataLoader from 'dataloader';
import type { RequestContext } from '@dataplat/kit';
import type { UserRepository } from './user.repository';
import type { User } from './user.type';

/** Resolves `User` entities for other subgraphs, batched per request and tenant-filtered. */
export function userReferenceResolver(users: UserRepository) {
  return {
    User: {
      __resolveReference(ref: { id: string }, ctx: RequestContext): Promise<User | null> {
        const tenantId = ctx.principal?.tenantId;
        if (!tenantId) return Promise.resolve(null);
        const loader = ctx.loaders.get<string, User | null>(`user:${tenantId}`, () =>
          new DataLoader(async (ids) => {
            const found = await users.findManyByIds(tenantId, [...ids]);
            return ids.map((id) => found.find((u) => u.id === id) ?? null);
          }),
        );
        return loader.load(ref.id);
      },
    },
  };
}
