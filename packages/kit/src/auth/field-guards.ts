import { getMetadataStorage } from 'type-graphql';

/**
 * What `@Authorized(...)` declares for each root field of the resolvers loaded in this
 * process, by `Query.<field>`, `Mutation.<field>` or `Subscription.<field>`: its roles, scopes
 * and markers (auth-checker.ts), a class-level `@Authorized` where the field has none, or null
 * for a field without a guard. Read from type-graphql's metadata, which the decorators fill
 * when the resolver classes load (no schema needs building). Used for the route reference of
 * docs/rest-facade.md.
 */
export function rootFieldGuards(): Map<string, readonly string[] | null> {
  const metadata = getMetadataStorage();
  const guards = new Map<string, readonly string[] | null>();
  const roots = [
    ['Query', metadata.queries],
    ['Mutation', metadata.mutations],
    ['Subscription', metadata.subscriptions],
  ] as const;
  for (const [type, resolvers] of roots) {
    for (const r of resolvers) {
      const field = metadata.authorizedFields.find((a) => a.target === r.target && a.fieldName === r.methodName);
      const resolver = metadata.authorizedResolver.find((a) => a.target === r.target);
      guards.set(`${type}.${r.schemaName}`, field?.roles ?? resolver?.roles ?? null);
    }
  }
  return guards;
}
