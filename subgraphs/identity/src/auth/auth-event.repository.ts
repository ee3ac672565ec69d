import type { PrismaClient } from '@dataplat/db';

export type AuthEventType =
  | 'LOGIN'
  | 'LOGOUT'
  | 'REFRESH'
  | 'REGISTER'
  | 'EMAIL_VERIFIED'
  | 'PASSWORD_RESET_REQUESTED'
  | 'PASSWORD_RESET'
  | 'PASSWORD_CHANGED'
  | 'SESSION_REVOKED'
  | 'API_KEY_USED'
  | 'SERVICE_TOKEN_ISSUED'
  | 'MFA_CHALLENGE'
  | 'MFA_VERIFY'
  | 'MFA_ENROLLED'
  | 'MFA_DISABLED';

export interface AuthEvent {
  type: AuthEventType;
  outcome: 'SUCCESS' | 'FAILURE';
  tenantId?: string | null;
  userId?: string | null;
  email?: string | null;
  reason?: string | null;
  ipAddress?: string | null;
  userAgent?: string | null;
  requestId?: string | null;
}

/** Append-only record of authentication events (identity.auth_events), for audit. */
export class AuthEventRepository {
  constructor(private readonly db: PrismaClient) {}

  async record(e: AuthEvent): Promise<void> {
    await this.db.authEvent.create({
      data: {
        type: e.type,
        outcome: e.outcome,
        tenantId: e.tenantId ?? null,
        userId: e.userId ?? null,
        email: e.email ?? null,
        reason: e.reason ?? null,
        ipAddress: e.ipAddress ?? null,
        userAgent: e.userAgent ?? null,
        requestId: e.requestId ?? null,
      },
    });
  }
}
