// Where the Prisma schema and the migrations live: the platform's own in prisma/ (schema/,
// migrations/), and each subgraph's beside it in subgraphs/<name>/prisma/ (*.prisma,
// migrations/). Prisma reads one folder, so the files are composed into one
// (prisma/.composed-schema, git-ignored); the datasource's `schemas` list is written there as
// every @@schema the files name. See docs/decisions.md §2 and §3.
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const PRISMA_ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
export const REPO_ROOT = dirname(PRISMA_ROOT);
export const COMPOSED_SCHEMA = join(PRISMA_ROOT, '.composed-schema');
const SNAPSHOT = '.schema-snapshot';

/**
 * Owners of schema files and migrations, the platform first: `{ name, schemaFiles,
 * migrationsDir, snapshotDir }`. A subgraph owns some once it has subgraphs/<name>/prisma/.
 */
export function schemaOwners() {
  const owners = [owner('platform', join(PRISMA_ROOT, 'schema'), join(PRISMA_ROOT, 'migrations'))];
  const subgraphs = join(REPO_ROOT, 'subgraphs');
  for (const name of readdirSync(subgraphs).sort()) {
    const dir = join(subgraphs, name, 'prisma');
    if (existsSync(dir)) owners.push(owner(name, dir, join(dir, 'migrations')));
  }
  return owners;
}

function owner(name, schemaDir, migrationsDir) {
  const schemaFiles = readdirSync(schemaDir)
    .filter((f) => f.endsWith('.prisma'))
    .sort()
    .map((f) => join(schemaDir, f));
  return { name, schemaFiles, migrationsDir, snapshotDir: join(migrationsDir, SNAPSHOT) };
}

/** The schema files of an owner's snapshot (its schema at its last migration); none before its first. */
export function snapshotFiles(o) {
  if (!existsSync(o.snapshotDir)) return [];
  return readdirSync(o.snapshotDir)
    .filter((f) => f.endsWith('.prisma'))
    .sort()
    .map((f) => join(o.snapshotDir, f));
}

/** Replaces an owner's snapshot with its current schema files. */
export function takeSnapshot(o) {
  rmSync(o.snapshotDir, { recursive: true, force: true });
  mkdirSync(o.snapshotDir, { recursive: true });
  for (const file of o.schemaFiles) cpSync(file, join(o.snapshotDir, basename(file)));
}

/**
 * Writes `files` into `dir` as one Prisma schema folder, with the datasource's `schemas` set
 * to every @@schema they name. Two files of one name are refused.
 */
export function composeSchema(files, dir = COMPOSED_SCHEMA) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const seen = new Map();
  const texts = files.map((file) => {
    const name = basename(file);
    if (seen.has(name)) throw new Error(`two Prisma schema files named ${name}: ${seen.get(name)} and ${file}`);
    seen.set(name, file);
    return [name, readFileSync(file, 'utf8')];
  });
  const schemas = [...new Set(texts.flatMap(([, text]) => [...text.matchAll(/@@schema\("([^"]+)"\)/g)].map((m) => m[1])))];
  for (const [name, text] of texts) {
    const out = text.replace(/^(\s*schemas\s*=\s*)\[[^\]]*\]/m, `$1[${schemas.map((s) => JSON.stringify(s)).join(', ')}]`);
    writeFileSync(join(dir, name), out);
  }
  return dir;
}
