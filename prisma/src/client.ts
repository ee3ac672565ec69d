import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaClient } from './generated/client';

export interface PrismaOptions {
  /** Connection pool size of this process. */
  poolSize?: number;
  /** Emit a `query` event per SQL statement (tests count statements with it). */
  queryEvents?: boolean;
}

/** A Prisma client on the pg driver adapter (Rust-free query compiler, works offline). */
export function createPrismaClient(url: string, options: PrismaOptions = {}): PrismaClient {
  const adapter = new PrismaPg({ connectionString: url, max: options.poolSize ?? 10, idleTimeoutMillis: 30_000, connectionTimeoutMillis: 5_000, Client: SerialClient });
  return options.queryEvents ? new PrismaClient({ adapter, log: [{ emit: 'event', level: 'query' }] }) : new PrismaClient({ adapter });
}

/**
 * A pg connection that runs one query at a time: a query waits for the one before it to
 * finish instead of piling up in pg's own queue, which is deprecated ("Calling
 * client.query() when the client is already executing a query", an error in pg 9).
 *
 * Inside an interactive transaction every statement goes over the transaction's single
 * connection, and Prisma's query interpreter runs the queries of an `include` (one per
 * relation) in parallel there. The pool hands each connection to one user at a time, so
 * only such callers share one; they now take turns. Callback-style calls (pg's Pool.query
 * on a connection it holds alone) and submittables (cursors) pass through untouched.
 */
export class SerialClient extends pg.Client {
  private tail: Promise<unknown> = Promise.resolve();

  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override query(...args: any[]): any {
    const query = super.query;
    if (typeof args[args.length - 1] === 'function' || typeof args[0]?.submit === 'function') return Reflect.apply(query, this, args);
    const run = this.tail.then(() => Reflect.apply(query, this, args) as Promise<unknown>);
    this.tail = run.catch(() => undefined);
    return run;
  }
}
