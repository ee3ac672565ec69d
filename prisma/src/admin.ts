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
