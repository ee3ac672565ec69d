import { Prisma } from './generated/client';

/** A write refused by a unique index (Prisma P2002): the caller maps it to its own conflict. */
export const isUniqueViolation = (e: unknown): boolean => e instanceof Prisma.PrismaClientKnownRequestError && e.code === 'P2002';
