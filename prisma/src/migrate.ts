import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';

/** The platform's SQL migrations (prisma/migrations/<stamp>_<name>/migration.sql). */
export const MIGRATIONS_DIR = join(__dirname, '..', 'migrations');
/** Where each subgraph may keep its own: subgraphs/<name>/prisma/migrations. */
const SUBGRAPHS_DIR = join(__dirname, '..', '..', 'subgraphs');
/** Arbitrary constant naming the migration lock among PostgreSQL advisory locks. */
const LOCK_KEY = 4_242_001;

export interface Migration {
  name: string;
  sql: string;
  checksum: string;
}

export interface MigrationReport {
  applied: string[];
  alreadyApplied: number;
}

export class MigrationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MigrationError';
  }
}

/** The platform's migrations folder and every subgraph's that exists. */
export function migrationDirs(): string[] {
  const subgraphs = existsSync(SUBGRAPHS_DIR) ? readdirSync(SUBGRAPHS_DIR).sort() : [];
  return [MIGRATIONS_DIR, ...subgraphs.map((name) => join(SUBGRAPHS_DIR, name, 'prisma', 'migrations')).filter((dir) => existsSync(dir))];
}

/**
 * Reads the migrations of `dirs` in one order, by name (names start with a UTC timestamp).
 * Line endings do not change a checksum. One name in two folders is refused.
 */
export function readMigrations(dirs: string | string[] = migrationDirs()): Migration[] {
  const found = new Map<string, string>();
  for (const dir of typeof dirs === 'string' ? [dirs] : dirs) {
    for (const d of readdirSync(dir, { withFileTypes: true })) {
      if (!d.isDirectory() || d.name.startsWith('.') || !existsSync(join(dir, d.name, 'migration.sql'))) continue;
      const other = found.get(d.name);
      if (other) throw new MigrationError(`Migration ${d.name} is in both ${other} and ${dir}`);
      found.set(d.name, dir);
    }
  }
  return [...found.keys()].sort().map((name) => {
    const sql = readFileSync(join(found.get(name)!, name, 'migration.sql'), 'utf8').replace(/\r\n/g, '\n');
    return { name, sql, checksum: createHash('sha256').update(sql).digest('hex') };
  });
}

/**
 * Applies pending migrations: one transaction each, all under an advisory lock so that
 * concurrent starters (replicas) apply each migration once. An applied migration whose file
 * changed since, or one the database has but this build lacks, stops the start.
 */
export async function runMigrations(databaseUrl: string, migrations = readMigrations()): Promise<MigrationReport> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [LOCK_KEY]);
    await client.query(`CREATE TABLE IF NOT EXISTS public._migrations (
      name text PRIMARY KEY,
      checksum text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now(),
      duration_ms integer NOT NULL)`);
    const { rows } = await client.query<{ name: string; checksum: string }>('SELECT name, checksum FROM public._migrations');
    const done = new Map(rows.map((r) => [r.name, r.checksum]));
    const known = new Set(migrations.map((m) => m.name));
    const unknown = [...done.keys()].filter((n) => !known.has(n));
    if (unknown.length) {
      throw new MigrationError(`The database has migrations this build does not know: ${unknown.join(', ')} (is the code older than the database?)`);
    }
    const applied: string[] = [];
    for (const m of migrations) {
      const recorded = done.get(m.name);
      if (recorded !== undefined) {
        if (recorded !== m.checksum) {
          throw new MigrationError(`Migration ${m.name} was edited after it was applied (checksum mismatch); add a new migration instead`);
        }
        continue;
      }
      const started = Date.now();
      try {
        await client.query('BEGIN');
        await client.query(m.sql);
        await client.query('INSERT INTO public._migrations (name, checksum, duration_ms) VALUES ($1, $2, $3)', [m.name, m.checksum, Date.now() - started]);
        await client.query('COMMIT');
      } catch (e) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw new MigrationError(`Migration ${m.name} failed and was rolled back: ${(e as Error).message}`);
      }
      applied.push(m.name);
    }
    return { applied, alreadyApplied: done.size };
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [LOCK_KEY]).catch(() => undefined);
    await client.end();
  }
}
