import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from './generated/client';

export interface PrismaOptions {
  /** Connection pool size of this process. */
  poolSize?: number;
  /** Emit a `query` event per SQL statement (tests count statements with it). */
  queryEvents?: boolean;
}

/** A Prisma client on the pg driver adapter (Rust-free query compiler, works offline). */
export function createPrismaClient(url: string, options: PrismaOptions = {}): PrismaClient {
  const adapter = new PrismaPg({ connectionString: url, max: options.poolSize ?? 10, idleTimeoutMillis: 30_000, connectionTimeoutMillis: 5_000 });
  return options.queryEvents ? new PrismaClient({ adapter, log: [{ emit: 'event', level: 'query' }] }) : new PrismaClient({ adapter });
}
