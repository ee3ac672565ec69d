import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from './embedded';

/** Creates (or drops) a database on a server: used by tests for throw-away databases. */
export async function createDatabase(serverUrl: string, name: string): Promise<string> {
  assertIdentifier(name);
  await withClient(serverUrl, (c) => c.query(`CREATE DATABASE "${name}"`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  assertIdentifier(name);
  await withClient(serverUrl, (c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
}

/**
 * A throw-away database for a test: a fresh database named `<prefix>_<random>` on
 * TEST_DATABASE_SERVER_URL when it is set, else an embedded PostgreSQL with its data under
 * `dir`. `drop()` drops the database (or stops the embedded server).
 */
export async function testDatabase(prefix: string, dir: string): Promise<{ url: string; drop(): Promise<void> }> {
  const server = process.env.TEST_DATABASE_SERVER_URL;
  if (server) {
    const name = `${prefix}_${randomBytes(5).toString('hex')}`;
    const url = await createDatabase(server, name);
    return { url, drop: () => dropDatabase(server, name) };
  }
  const embedded = await startEmbeddedPostgres(join(dir, 'pg'));
  return { url: embedded.url, drop: () => embedded.stop() };
}

async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

function assertIdentifier(name: string) {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`invalid database name ${name}`);
}
