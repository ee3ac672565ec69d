import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDatabase, dropDatabase } from './admin';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './embedded';
import { runMigrations } from './migrate';

/** A throw-away, migrated database for tests against a real PostgreSQL. */
export interface TestDatabase {
  url: string;
  /** A temporary directory of the test's own (the embedded server's data lives below it). */
  dir: string;
  /** Drops the database (or stops the embedded server) and removes `dir`. */
  close(): Promise<void>;
}

/**
 * A fresh database named `<prefix>_<random>` on TEST_DATABASE_SERVER_URL (CI's server),
 * else an embedded PostgreSQL under a temporary directory; every migration applied.
 */
export async function openTestDatabase(prefix: string): Promise<TestDatabase> {
  const dir = mkdtempSync(join(tmpdir(), `dataplat-${prefix}-`));
  const server = process.env.TEST_DATABASE_SERVER_URL;
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  let embedded: EmbeddedDatabase | undefined;
  const close = async () => {
    if (server) await dropDatabase(server, name);
    await embedded?.stop();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    let url: string;
    if (server) url = await createDatabase(server, name);
    else {
      embedded = await startEmbeddedPostgres(join(dir, 'pg'));
      url = embedded.url;
    }
    await runMigrations(url);
    return { url, dir, close };
  } catch (e) {
    await close().catch(() => undefined);
    throw e;
  }
}
