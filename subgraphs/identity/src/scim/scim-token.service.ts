import { DomainError, type Principal } from '@dataplat/kit';
import { IdentityError } from '../errors';
import { generateScimToken, type ScimTokenRepository, type ScimTokenRow } from './scim-token.repository';
import type { IssuedScimToken, IssueScimTokenInput, ScimToken } from './scim-token.type';

const DAY_MS = 86_400_000;

export function toScimToken(row: ScimTokenRow, now = new Date()): ScimToken {
  const status = row.revokedAt ? 'REVOKED' : row.expiresAt && row.expiresAt <= now ? 'EXPIRED' : 'ACTIVE';
  return { ...row, status };
}

/** Issue, list and revoke the SCIM tokens of the acting tenant (tenant administrators). */
export class ScimTokenService {
  constructor(private readonly tokens: ScimTokenRepository) {}

  async issue(actor: Principal, tenantId: string, input: IssueScimTokenInput): Promise<IssuedScimToken> {
    const { token, prefix, hash } = generateScimToken();
    const expiresAt = input.expirationDays ? new Date(Date.now() + input.expirationDays * DAY_MS) : null;
    const createdBy = actor.kind === 'access_token' || actor.kind === 'api_key' ? actor.subject : null;
    const row = await this.tokens.create(tenantId, { name: input.name.trim(), hash, prefix, createdBy, expiresAt });
    return { ...toScimToken(row), token };
  }

  async list(tenantId: string): Promise<ScimToken[]> {
    const now = new Date();
    return (await this.tokens.list(tenantId)).map((r) => toScimToken(r, now));
  }

  async revoke(tenantId: string, id: number): Promise<boolean> {
    if (!(await this.tokens.revoke(tenantId, id))) throw new DomainError(IdentityError.SCIM_TOKEN_NOT_FOUND);
    return true;
  }
}
