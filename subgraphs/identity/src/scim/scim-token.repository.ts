import { createHash, randomBytes } from 'node:crypto';
import type { PrismaClient } from '@dataplat/db';
import { SCIM_TOKEN_CHANNEL } from '@dataplat/kit';
import { base62, SECRET_DIGITS } from '../api-keys/api-key.secret';

/** `dps_scim_` plus 43 base62 characters (256 random bits); the edge refuses any other shape. */
export const SCIM_TOKEN_PREFIX = 'dps_scim_';
export const hashScimToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

export function generateScimToken(): { token: string; prefix: string; hash: string } {
  const token = `${SCIM_TOKEN_PREFIX}${base62(randomBytes(32), SECRET_DIGITS)}`;
  return { token, prefix: token.slice(0, SCIM_TOKEN_PREFIX.length + 6), hash: hashScimToken(token) };
}

export interface ScimTokenRow {
  id: number;
  name: string;
  prefix: string;
  createdBy: string | null;
  createdAt: Date;
  expiresAt: Date | null;
  revokedAt: Date | null;
}

const PUBLIC = { id: true, name: true, prefix: true, createdBy: true, createdAt: true, expiresAt: true, revokedAt: true } as const;

/** SCIM tokens of a tenant (identity.scim_tokens): only the SHA-256 of a token is stored. */
export class ScimTokenRepository {
  constructor(private readonly db: PrismaClient) {}

  create(tenantId: string, data: { name: string; hash: string; prefix: string; createdBy: string | null; expiresAt: Date | null }): Promise<ScimTokenRow> {
    return this.db.scimToken.create({ data: { tenantId, name: data.name, tokenHash: data.hash, prefix: data.prefix, createdBy: data.createdBy, expiresAt: data.expiresAt }, select: PUBLIC });
  }

  list(tenantId: string): Promise<ScimTokenRow[]> {
    return this.db.scimToken.findMany({ where: { tenantId }, select: PUBLIC, orderBy: { id: 'asc' } });
  }

  /**
   * Revokes a token (no-op when already revoked) and tells every edge to drop it from its
   * cache (NOTIFY, delivered on commit). False when the tenant has no such token.
   */
  async revoke(tenantId: string, id: number): Promise<boolean> {
    return this.db.$transaction(async (tx) => {
      const row = await tx.scimToken.findUnique({ where: { tenantId_id: { tenantId, id } }, select: { tokenHash: true, revokedAt: true } });
      if (!row) return false;
      if (!row.revokedAt) await tx.scimToken.update({ where: { tenantId_id: { tenantId, id } }, data: { revokedAt: new Date() } });
      await tx.$executeRaw`SELECT pg_notify(${SCIM_TOKEN_CHANNEL}, ${row.tokenHash})`;
      return true;
    });
  }
}
