#!/usr/bin/env node
// Generates the next SQL migration of each owner whose schema files changed since its last
// migration: the platform (prisma/schema -> prisma/migrations) and each subgraph with a
// prisma/ folder (subgraphs/<name>/prisma/*.prisma -> subgraphs/<name>/prisma/migrations).
// Each owner's diff runs from its snapshot (migrations/.schema-snapshot, its files at its last
// migration) to its files now, the other owners' files as they are now. Needs a reachable
// PostgreSQL (nothing is written to it).
// Usage: npm run db:migration -- <name>
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { composeSchema, PRISMA_ROOT, REPO_ROOT, schemaOwners, snapshotFiles, takeSnapshot } from './schema-sources.mjs';

const name = (process.argv[2] ?? '').replace(/[^a-z0-9_]+/gi, '_').toLowerCase();
if (!name) {
  console.error('usage: npm run db:migration -- <name>');
  process.exit(2);
}
// The WebAssembly schema engine opens a connection even for a file-to-file diff: any
// reachable PostgreSQL will do (the local one by default); nothing is written to it.
process.env.DATABASE_URL ??= 'postgresql://postgres@127.0.0.1:5432/postgres';

const owners = schemaOwners();
const now = owners.flatMap((o) => o.schemaFiles);
const work = mkdtempSync(join(tmpdir(), 'dataplat-migration-'));
let stamp = Date.now();
let written = 0;
try {
  const to = composeSchema(now, join(work, 'to'));
  for (const owner of owners) {
    const before = owners.flatMap((o) => (o === owner ? snapshotFiles(o) : o.schemaFiles));
    const from = composeSchema(before, join(work, `from-${owner.name}`));
    const sql = diff(from, to);
    if (sql === null) continue;
    // One second apart: each owner's migration gets its own name, in the order written.
    const dir = join(owner.migrationsDir, `${new Date(stamp).toISOString().replace(/\D/g, '').slice(0, 14)}_${name}`);
    stamp += 1000;
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'migration.sql'), sql);
    takeSnapshot(owner);
    written++;
    console.log(`Wrote ${relative(REPO_ROOT, join(dir, 'migration.sql'))} (review it, add hand-written SQL such as partial indexes below the generated part).`);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
if (!written) console.log('No schema change: no migration written.');

/** The SQL from one composed schema folder to another; null when they are the same. */
function diff(from, to) {
  const run = spawnSync(
    process.execPath,
    [join(PRISMA_ROOT, 'scripts', 'prisma.mjs'), 'migrate', 'diff', '--from-schema-datamodel', from, '--to-schema-datamodel', to, '--script'],
    { cwd: PRISMA_ROOT, encoding: 'utf8' },
  );
  if (run.status !== 0) {
    process.stderr.write(run.stderr);
    process.exit(run.status ?? 1);
  }
  return /^-- This is an empty migration\.\s*$/m.test(run.stdout) ? null : run.stdout;
}
