import { Arg, Authorized, Ctx, Mutation, Resolver } from 'type-graphql';
import { REQUIRE_MFA, requirePrincipal, type RequestContext } from '@dataplat/kit';
import { AuthResponse } from '../auth/auth.types';
import { DomainError, ErrorCode } from '@dataplat/kit';
import { MfaChallengeInput, MfaRecoveryInput, MfaVerifyInput } from './mfa.inputs';
import { mfaOwner, type MfaService } from './mfa.service';
import { BackupCodeSet, MfaActivation, MfaMethodKind, MfaStatus, MfaVerifyResult, TotpEnrollment } from './mfa.types';

const owner = (ctx: RequestContext) => mfaOwner(requirePrincipal(ctx));

/**
 * The second MFA endpoint set (spec 1) and login-challenge completion. The MFA token is the
 * `challengeId` a login returned (body field); "bearer and MFA" fields carry REQUIRE_MFA.
 */
@Resolver()
export class MfaAuthResolver {
  constructor(private readonly mfa: MfaService) {}

  @Mutation(() => MfaVerifyResult, {
    description: 'With challengeId: completes a login challenge (public; AuthResponse). Without: verifies the caller\'s pending MFA setup (access token; method defaults to TOTP).',
  })
  async mfaVerify(@Arg('input') input: MfaVerifyInput, @Ctx() ctx: RequestContext): Promise<AuthResponse | MfaActivation> {
    if (input.challengeId !== undefined && input.challengeId !== null) {
      if (!input.method) throw new DomainError(ErrorCode.VALIDATION_FAILED, 'Invalid input', [{ field: 'method', constraints: ['method is required with challengeId'] }]);
      return this.mfa.completeChallenge(input.challengeId, input.method, input.code, ctx.client);
    }
    const method = input.method ?? MfaMethodKind.TOTP;
    if (method === MfaMethodKind.BACKUP_CODE) throw new DomainError(ErrorCode.VALIDATION_FAILED, 'Invalid input', [{ field: 'method', constraints: ['a backup code completes a login, not a setup'] }]);
    return this.mfa.verify(owner(ctx), method, input.code, ctx.client);
  }

  @Mutation(() => AuthResponse, { description: 'Completes a login challenge with a TOTP, SMS, e-mail or backup code.' })
  mfaChallenge(@Arg('input') input: MfaChallengeInput, @Ctx() ctx: RequestContext): Promise<AuthResponse> {
    return this.mfa.completeChallenge(input.challengeId, input.method, input.code, ctx.client);
  }

  @Mutation(() => AuthResponse, { description: 'Completes a login challenge with a backup (recovery) code.' })
  mfaRecovery(@Arg('input') input: MfaRecoveryInput, @Ctx() ctx: RequestContext): Promise<AuthResponse> {
    return this.mfa.completeChallenge(input.challengeId, 'BACKUP_CODE', input.code, ctx.client);
  }

  @Authorized()
  @Mutation(() => TotpEnrollment, { description: 'POST /auth/mfa/setup: starts TOTP setup (secret and otpauth URI for the QR code).' })
  mfaSetup(@Ctx() ctx: RequestContext): Promise<TotpEnrollment> {
    return this.mfa.enrollTotp(owner(ctx));
  }

  @Authorized(REQUIRE_MFA)
  @Mutation(() => MfaStatus, { description: 'Disables every MFA method and the backup codes (needs a login completed with MFA).' })
  disableMfa(@Ctx() ctx: RequestContext): Promise<MfaStatus> {
    return this.mfa.disable(owner(ctx), undefined, ctx.client);
  }

  @Authorized(REQUIRE_MFA)
  @Mutation(() => BackupCodeSet, { description: 'GET /auth/mfa/recovery-codes: a new set of recovery codes (needs a login completed with MFA).' })
  mfaRecoveryCodes(@Ctx() ctx: RequestContext): Promise<BackupCodeSet> {
    return this.mfa.regenerateBackupCodes(owner(ctx));
  }
}
