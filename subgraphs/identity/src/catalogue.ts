import type { PermissionDefinition } from '@dataplat/kit';

/**
 * The permission catalogue identity seeds (`identity.permissions`): the union of every domain's
 * declarations (each subgraph's `permissions`, handed to the seed by the launcher's registry). A name belongs to one domain; declaring it twice is a programming error.
 */
export function catalogue(domains: Readonly<Record<string, readonly PermissionDefinition[]>>): PermissionDefinition[] {
  const owner = new Map<string, string>();
  const all: PermissionDefinition[] = [];
  for (const [domain, definitions] of Object.entries(domains)) {
    for (const d of definitions) {
      const other = owner.get(d.name);
      if (other) throw new Error(`permission ${d.name} is declared by both ${other} and ${domain}`);
      owner.set(d.name, domain);
      all.push(d);
    }
  }
  return all;
}
