import { connect } from 'node:net';
import { Client } from 'pg';
import { typeSpec } from './connector-types';

/** A connector's full configuration (clear fields and opened secrets), as the probes use it. */
export type OpenedConfig = Record<string, unknown>;

export const PROBE_TIMEOUT_MS = 5_000;
/** At most this many tables are kept as a connector's metadata. */
export const METADATA_MAX_TABLES = 500;

const elapsed = (start: number) => Date.now() - start;

function pgClient(c: OpenedConfig): Client {
  return new Client({
    host: String(c.host), port: Number(c.port), database: String(c.database ?? c.serviceName), user: String(c.username),
    password: c.password == null ? undefined : String(c.password), connectionTimeoutMillis: PROBE_TIMEOUT_MS, statement_timeout: PROBE_TIMEOUT_MS, query_timeout: PROBE_TIMEOUT_MS,
  });
}

async function withPg<T>(c: OpenedConfig, work: (client: Client) => Promise<T>): Promise<T> {
  const client = pgClient(c);
  client.on('error', () => undefined);
  try {
    await client.connect();
    return await work(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

function tcpProbe(host: string, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host, port, timeout: PROBE_TIMEOUT_MS });
    socket.once('connect', () => { socket.destroy(); resolve(); });
    socket.once('timeout', () => { socket.destroy(); reject(new Error(`connection to ${host}:${port} timed out after ${PROBE_TIMEOUT_MS} ms`)); });
    socket.once('error', (e) => { socket.destroy(); reject(new Error(`connection to ${host}:${port} failed: ${e.message}`)); });
  });
}

/** host:port of a mongodb:// URL (first host; 27017 by default). */
function mongoAddress(connectionString: string): { host: string; port: number } {
  const hosts = connectionString.replace(/^mongodb(\+srv)?:\/\//, '').split('/')[0].split('@').pop()!;
  const [host, port] = hosts.split(',')[0].split(':');
  return { host, port: port ? Number(port) : 27017 };
}

async function httpProbe(url: string): Promise<Record<string, unknown>> {
  let res: Response;
  try {
    res = await fetch(url, { method: 'HEAD', redirect: 'manual', signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
  } catch (e) {
    const cause = (e as { cause?: { message?: string } }).cause?.message;
    throw new Error(`HEAD ${url} failed: ${cause ?? (e as Error).message}`);
  }
  // Any HTTP answer proves the endpoint is reachable; a 5xx says it is not healthy.
  if (res.status >= 500) throw new Error(`HEAD ${url} answered ${res.status}`);
  return { url, httpStatus: res.status };
}

/**
 * The connection test: real local work (docs/tenant-operations.md). postgresql connects with
 * `pg` and runs SELECT 1; other databases and SFTP open a TCP connection to host:port; SaaS and
 * object stores get an HTTP HEAD. Throws with the reason when the target is unreachable.
 */
export async function testConnection(type: string, c: OpenedConfig): Promise<Record<string, unknown>> {
  const start = Date.now();
  const spec = typeSpec(type);
  switch (spec.probe) {
    case 'postgres': {
      const version = await withPg(c, async (client) => {
        await client.query('SELECT 1');
        return (await client.query<{ v: string }>('SELECT version() AS v')).rows[0].v;
      });
      return { check: 'SELECT 1', serverVersion: version, latencyMs: elapsed(start) };
    }
    case 'tcp':
      await tcpProbe(String(c.host), Number(c.port));
      return { check: 'tcp', address: `${c.host}:${c.port}`, latencyMs: elapsed(start) };
    case 'mongodb-tcp': {
      const { host, port } = mongoAddress(String(c.connectionString));
      await tcpProbe(host, port);
      return { check: 'tcp', address: `${host}:${port}`, latencyMs: elapsed(start) };
    }
    case 'http':
      return { check: 'http', ...(await httpProbe(spec.probeUrl!(c))), latencyMs: elapsed(start) };
  }
}

export interface TableMetadata {
  schema: string;
  name: string;
  type: string;
  columns: { name: string; dataType: string; nullable: boolean; position: number }[];
}

/** Metadata sync of a postgresql connector: tables and columns from information_schema. */
export async function readMetadata(type: string, c: OpenedConfig): Promise<{ tables: TableMetadata[]; truncated: boolean }> {
  if (!typeSpec(type).metadataSync) throw new Error(`metadata sync is not available for ${type}`);
  return withPg(c, async (client) => {
    const schemaFilter = c.schema ? String(c.schema) : null;
    const tables = await client.query<{ table_schema: string; table_name: string; table_type: string }>(
      `SELECT table_schema, table_name, table_type FROM information_schema.tables
       WHERE table_schema NOT IN ('pg_catalog', 'information_schema') AND ($1::text IS NULL OR table_schema = $1)
       ORDER BY table_schema, table_name LIMIT ${METADATA_MAX_TABLES + 1}`, [schemaFilter]);
    const kept = tables.rows.slice(0, METADATA_MAX_TABLES);
    const columns = await client.query<{ table_schema: string; table_name: string; column_name: string; data_type: string; is_nullable: string; ordinal_position: number }>(
      `SELECT table_schema, table_name, column_name, data_type, is_nullable, ordinal_position FROM information_schema.columns
       WHERE table_schema NOT IN ('pg_catalog', 'information_schema') AND ($1::text IS NULL OR table_schema = $1)
       ORDER BY table_schema, table_name, ordinal_position`, [schemaFilter]);
    const byTable = new Map<string, TableMetadata>(kept.map((t) => [`${t.table_schema}.${t.table_name}`, { schema: t.table_schema, name: t.table_name, type: t.table_type, columns: [] }]));
    for (const col of columns.rows) {
      byTable.get(`${col.table_schema}.${col.table_name}`)?.columns.push({ name: col.column_name, dataType: col.data_type, nullable: col.is_nullable === 'YES', position: Number(col.ordinal_position) });
    }
    return { tables: [...byTable.values()], truncated: tables.rows.length > METADATA_MAX_TABLES };
  });
}
