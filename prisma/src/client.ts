import { PrismaPg } from '@prisma/adapter-pg';
import { announceCommittedNotice } from '@dataplat/kit';
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
  /** Notices sent in the open transaction, announced in this process when it commits. */
  private notices?: Array<[channel: string, payload: string]>;

  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override query(...args: any[]): any {
    const query = super.query;
    if (typeof args[0]?.submit === 'function') return Reflect.apply(query, this, args);
    const callback = args[args.length - 1];
    if (typeof callback === 'function') {
      // pg's Pool.query on a connection it holds alone: observed on completion.
      const observed = (err: Error | null, result: pg.QueryResult) => {
        if (!err) this.observe(args, result);
        callback(err, result);
      };
      return Reflect.apply(query, this, [...args.slice(0, -1), observed]);
    }
    const run = this.tail.then(() => Reflect.apply(query, this, args) as Promise<pg.QueryResult>).then((result) => {
      this.observe(args, result);
      return result;
    });
    this.tail = run.catch(() => undefined);
    return run;
  }

  /**
   * Follows transactions and `SELECT pg_notify(...)` statements, so that this process hears its
   * own notices at commit (kit `announceCommittedNotice`) instead of after the LISTEN round trip.
   */
  private observe(args: unknown[], result: pg.QueryResult): void {
    const first = args[0] as string | { text?: string; values?: unknown[] };
    const text = (typeof first === 'string' ? first : first?.text)?.trim();
    if (!text) return;
    const values = (Array.isArray(args[1]) ? args[1] : typeof first === 'object' ? first?.values : undefined) as unknown[] | undefined;
    if (/^BEGIN\b/i.test(text)) this.notices = [];
    else if (/^(COMMIT|ROLLBACK)$/i.test(text)) {
      const notices = this.notices;
      this.notices = undefined;
      // A COMMIT of a failed transaction answers ROLLBACK: nothing was sent then.
      if (result.command === 'COMMIT') for (const [channel, payload] of notices ?? []) announceCommittedNotice(channel, payload);
    } else {
      const notice = noticeOf(text, values);
      if (!notice) return;
      if (this.notices) this.notices.push(notice);
      else announceCommittedNotice(...notice);
    }
  }
}

const NOTIFY = /^SELECT pg_notify\(\$1, (?:\$2|'([^']*)')\)$/i;

/** The channel and payload of a `SELECT pg_notify($1, $2)` (or a literal payload) statement. */
function noticeOf(text: string, values: unknown[] | undefined): [string, string] | undefined {
  const match = NOTIFY.exec(text);
  if (!match || typeof values?.[0] !== 'string') return undefined;
  const payload = match[1] ?? values[1];
  return typeof payload === 'string' ? [values[0], payload] : undefined;
}
