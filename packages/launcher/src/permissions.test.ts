import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { permissionsIn } from '@dataplat/kit';
import { getMetadataStorage } from 'type-graphql';
import { catalogue, SYSTEM_ROLES } from '@dataplat/identity';
import { SUBGRAPH_PERMISSIONS, SUBGRAPHS } from './registry';

const CATALOGUE = catalogue(SUBGRAPH_PERMISSIONS);

/**
 * Every permission any resolver checks is in the catalogue identity seeds, so a role can be
 * given it (identity seeds every registered subgraph's `permissions`). The checks are read from the code itself: every source file with an `@Authorized(`
 * is loaded, and type-graphql's metadata says what each guard lists (constants resolved), so a
 * new route or resolver is covered without touching this test.
 */
const ROOT = resolve(__dirname, '..', '..', '..');
const SOURCES = ['subgraphs', 'gateway/src', 'packages', 'rest-facade/src'];

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir)) {
    if (entry === 'node_modules' || entry === 'dist' || entry === 'generated' || entry.startsWith('.')) continue;
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    else if (path.endsWith('.ts') && !path.endsWith('.test.ts') && !path.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

const guarded = SOURCES.flatMap((d) => sourceFiles(join(ROOT, d))).filter((f) => readFileSync(f, 'utf8').includes('@Authorized('));

/** Permission → the fields that check it. */
function checkedPermissions(): Map<string, string[]> {
  for (const file of guarded) require(file);
  const storage = getMetadataStorage();
  const checked = new Map<string, string[]>();
  const note = (entries: readonly string[], where: string) => {
    for (const p of permissionsIn(entries)) checked.set(p, [...(checked.get(p) ?? []), where]);
  };
  for (const f of storage.authorizedFields) note(f.roles as string[], `${f.target.name}.${f.fieldName}`);
  for (const c of storage.authorizedResolver) note(c.roles as string[], c.target.name);
  return checked;
}

describe('the permission catalogue', () => {
  const checked = checkedPermissions();
  const seeded = new Set(CATALOGUE.map((p) => p.name));

  it('finds the guarded resolvers of every subgraph and the gateway', () => {
    const where = guarded.map((f) => relative(ROOT, f).split('/').slice(0, 2).join('/'));
    for (const part of ['subgraphs/identity', 'subgraphs/tenant', 'subgraphs/config', 'subgraphs/notification', 'subgraphs/billing', 'subgraphs/audit', 'gateway/src']) {
      expect(where).toContain(part);
    }
    expect(checked.size).toBeGreaterThan(40);
    // the ones the issue names
    for (const p of ['billing:read', 'tenants:read', 'metering:write']) expect(checked.has(p)).toBe(true);
  });

  it('holds every permission a resolver checks', () => {
    const missing = [...checked].filter(([p]) => !seeded.has(p)).map(([p, fields]) => `${p} (${fields.slice(0, 3).join(', ')})`);
    expect(missing).toEqual([]);
  });

  it('declares nothing that nothing checks', () => {
    // api-keys:* are also checked in code (ApiKeyService.requirePermission)
    const unchecked = [...seeded].filter((p) => !checked.has(p));
    expect(unchecked).toEqual([]);
  });

  it('gives each name to one domain, and refuses a second owner', () => {
    expect(new Set(CATALOGUE.map((p) => p.name)).size).toBe(CATALOGUE.length);
    expect(() => catalogue({ a: [{ name: 'x:read', description: '' }], b: [{ name: 'x:read', description: '' }] })).toThrow(/declared by both a and b/);
    // Every subgraph of the registry declares what it checks.
    for (const s of SUBGRAPHS) expect([s.name, (s.permissions ?? []).length > 0]).toEqual([s.name, true]);
  });

  it('starts the system roles only with permissions it holds', () => {
    const admin = CATALOGUE.filter((p) => p.adminDefault !== false).map((p) => p.name);
    for (const [role, def] of Object.entries(SYSTEM_ROLES)) {
      for (const p of def.permissions(admin)) expect([role, seeded.has(p)]).toEqual([role, true]);
    }
    // credentials that mint credentials, and service scopes, are given deliberately only
    for (const p of ['oauth-clients:write', 'service-clients:write', 'metering:write', 'users:locate', 'tenants:directory', 'service:introspect']) expect(admin).not.toContain(p);
    expect(admin).toEqual(expect.arrayContaining(['billing:read', 'tenants:read', 'users:write', 'audit:read']));
  });
});
