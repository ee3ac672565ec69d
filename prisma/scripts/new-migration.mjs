#!/usr/bin/env node
// Generates the next SQL migration from the change between the schema at the last
// migration (migrations/.schema-snapshot) and prisma/schema now. Works offline, no database.
// Usage: npm run db:migration -- <name>
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const name = (process.argv[2] ?? '').replace(/[^a-z0-9_]+/gi, '_').toLowerCase();
if (!name) {
  console.error('usage: npm run db:migration -- <name>');
  process.exit(2);
}
// The WebAssembly schema engine opens a connection even for a file-to-file diff: any
// reachable PostgreSQL will do (the local one by default); nothing is written to it.
process.env.DATABASE_URL ??= 'postgresql://postgres@127.0.0.1:5432/postgres';
const snapshot = join(root, 'migrations', '.schema-snapshot');
const from = existsSync(snapshot) ? ['--from-schema-datamodel', snapshot] : ['--from-empty'];
const diff = spawnSync(
  process.execPath,
  [join(root, 'scripts', 'prisma.mjs'), 'migrate', 'diff', ...from, '--to-schema-datamodel', join(root, 'schema'), '--script'],
  { cwd: root, encoding: 'utf8' },
);
if (diff.status !== 0) {
  process.stderr.write(diff.stderr);
  process.exit(diff.status ?? 1);
}
if (/^-- This is an empty migration\.\s*$/m.test(diff.stdout)) {
  console.log('No schema change: no migration written.');
  process.exit(0);
}
const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
const dir = join(root, 'migrations', `${stamp}_${name}`);
mkdirSync(dir, { recursive: true });
writeFileSync(join(dir, 'migration.sql'), diff.stdout);
rmSync(snapshot, { recursive: true, force: true });
cpSync(join(root, 'schema'), snapshot, { recursive: true });
console.log(`Wrote ${dir}/migration.sql (review it, add hand-written SQL such as partial indexes below the generated part).`);
