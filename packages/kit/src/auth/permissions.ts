import { SCIM_SCOPE } from './auth-checker';

/**
 * A permission a domain checks (`@Authorized(..., '<resource>:<action>')`), declared by that
 * domain beside its code (`src/permissions.ts` of each subgraph) and seeded by identity into
 * `identity.permissions`, so that roles can be given it (docs/identity-users-roles.md).
 */
export interface PermissionDefinition {
  /** `<resource>:<action>`, lower case. */
  name: string;
  description: string;
  /**
   * Whether ADMIN and PLATFORM_ADMIN start with it (default true). False for scopes meant for
   * service tokens and for those that mint credentials (OAuth and service clients): they stay
   * grantable, but an administrator gives them deliberately, to a role of their choosing.
   */
  adminDefault?: boolean;
}

/** `<resource>:<action>`, lower case, as the catalogue names permissions and API keys name scopes. */
export const PERMISSION_NAME = /^[a-z][a-z0-9_-]{0,62}:[a-z][a-z0-9_-]{0,62}$/;

/**
 * The permissions among the entries of an `@Authorized(...)` list: entries with a ':' that are
 * not markers (`allow:*`, `require:*`) and not SCIM_SCOPE (the scope of a SCIM token, which
 * no role can hold: docs/identity-scim.md).
 */
export function permissionsIn(entries: readonly string[]): string[] {
  return entries.filter((e) => e.includes(':') && !e.startsWith('allow:') && !e.startsWith('require:') && e !== SCIM_SCOPE);
}

/** One domain's definitions; throws on a malformed or repeated name (checked when the module loads). */
export function definePermissions(domain: string, definitions: PermissionDefinition[]): readonly PermissionDefinition[] {
  const seen = new Set<string>();
  for (const d of definitions) {
    if (!PERMISSION_NAME.test(d.name)) throw new Error(`${domain}: permission "${d.name}" is not <resource>:<action>`);
    if (seen.has(d.name)) throw new Error(`${domain}: permission "${d.name}" is declared twice`);
    seen.add(d.name);
  }
  return Object.freeze(definitions.map((d) => Object.freeze({ ...d })));
}
