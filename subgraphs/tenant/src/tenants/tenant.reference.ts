import DataLoader from 'dataloader';
import { isPlatformAdmin, isUuid, type RequestContext } from '@dataplat/kit';
import { toTenant } from './tenant.model';
import type { TenantRepository } from './tenant.repository';
import type { Tenant } from './tenant.type';

/**
 * `Tenant` entity references from other subgraphs, batched per request. A caller sees its
 * own tenant; a platform administrator any.
 */
export function tenantReferenceResolver(tenants: TenantRepository) {
  return {
    Tenant: {
      __resolveReference(ref: { id: string }, ctx: RequestContext): Promise<Tenant | null> {
        const caller = ctx.principal;
        if (!caller || !isUuid(ref.id) || (!isPlatformAdmin(caller) && caller.tenantId !== ref.id)) return Promise.resolve(null);
        const loader = ctx.loaders.get<string, Tenant | null>('tenant', () =>
          new DataLoader(async (ids) => {
            const found = await tenants.findManyByIds([...ids]);
            return ids.map((id) => {
              const row = found.find((t) => t.id === id);
              return row ? toTenant(row) : null;
            });
          }),
        );
        return loader.load(ref.id);
      },
    },
  };
}
