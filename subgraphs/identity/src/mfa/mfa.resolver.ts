import { Arg, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { requirePrincipal, type RequestContext } from '@dataplat/kit';
import { MfaCodeInput, SmsEnrollInput } from './mfa.inputs';
import { mfaOwner, type MfaService } from './mfa.service';
import { BackupCodeCount, BackupCodeSet, MfaActivation, MfaStatus, OtpEnrollment, TotpEnrollment } from './mfa.types';

const owner = (ctx: RequestContext) => mfaOwner(requirePrincipal(ctx));

/** The caller's own MFA methods (spec 1 "MFA management"): any access token. */
@Resolver()
export class MfaResolver {
  constructor(private readonly mfa: MfaService) {}

  @Authorized()
  @Query(() => MfaStatus)
  mfaStatus(@Ctx() ctx: RequestContext): Promise<MfaStatus> {
    return this.mfa.status(owner(ctx));
  }

  @Authorized()
  @Mutation(() => TotpEnrollment, { description: 'Starts (or restarts) TOTP enrollment: a new secret and its otpauth URI.' })
  enrollTotp(@Ctx() ctx: RequestContext): Promise<TotpEnrollment> {
    return this.mfa.enrollTotp(owner(ctx));
  }

  @Authorized()
  @Mutation(() => MfaActivation, { description: 'Completes TOTP enrollment with a code from the app.' })
  verifyTotp(@Arg('input') input: MfaCodeInput, @Ctx() ctx: RequestContext): Promise<MfaActivation> {
    return this.mfa.verify(owner(ctx), 'TOTP', input.code, ctx.client);
  }

  @Authorized()
  @Mutation(() => MfaStatus)
  disableTotp(@Ctx() ctx: RequestContext): Promise<MfaStatus> {
    return this.mfa.disable(owner(ctx), 'TOTP', ctx.client);
  }

  @Authorized()
  @Mutation(() => OtpEnrollment, { description: 'Starts SMS enrollment: a code goes to the number.' })
  enrollSmsMfa(@Arg('input') input: SmsEnrollInput, @Ctx() ctx: RequestContext): Promise<OtpEnrollment> {
    return this.mfa.enrollSms(owner(ctx), input.phoneNumber);
  }

  @Authorized()
  @Mutation(() => MfaActivation)
  verifySmsMfa(@Arg('input') input: MfaCodeInput, @Ctx() ctx: RequestContext): Promise<MfaActivation> {
    return this.mfa.verify(owner(ctx), 'SMS', input.code, ctx.client);
  }

  @Authorized()
  @Mutation(() => OtpEnrollment, { description: 'A new code for the pending SMS enrollment (rate-limited: 429).' })
  resendSmsMfaCode(@Ctx() ctx: RequestContext): Promise<OtpEnrollment> {
    return this.mfa.resend(owner(ctx), 'SMS');
  }

  @Authorized()
  @Mutation(() => MfaStatus)
  disableSmsMfa(@Ctx() ctx: RequestContext): Promise<MfaStatus> {
    return this.mfa.disable(owner(ctx), 'SMS', ctx.client);
  }

  @Authorized()
  @Mutation(() => OtpEnrollment, { description: 'Starts e-mail enrollment: a code goes to the account\'s address.' })
  enrollEmailMfa(@Ctx() ctx: RequestContext): Promise<OtpEnrollment> {
    return this.mfa.enrollEmail(owner(ctx));
  }

  @Authorized()
  @Mutation(() => MfaActivation)
  verifyEmailMfa(@Arg('input') input: MfaCodeInput, @Ctx() ctx: RequestContext): Promise<MfaActivation> {
    return this.mfa.verify(owner(ctx), 'EMAIL', input.code, ctx.client);
  }

  @Authorized()
  @Mutation(() => OtpEnrollment, { description: 'A new code for the pending e-mail enrollment (rate-limited: 429).' })
  resendEmailMfaCode(@Ctx() ctx: RequestContext): Promise<OtpEnrollment> {
    return this.mfa.resend(owner(ctx), 'EMAIL');
  }

  @Authorized()
  @Mutation(() => MfaStatus)
  disableEmailMfa(@Ctx() ctx: RequestContext): Promise<MfaStatus> {
    return this.mfa.disable(owner(ctx), 'EMAIL', ctx.client);
  }

  @Authorized()
  @Mutation(() => BackupCodeSet, { description: 'A new set of backup codes; all earlier ones stop working.' })
  regenerateBackupCodes(@Ctx() ctx: RequestContext): Promise<BackupCodeSet> {
    return this.mfa.regenerateBackupCodes(owner(ctx));
  }

  @Authorized()
  @Query(() => BackupCodeCount)
  backupCodeCount(@Ctx() ctx: RequestContext): Promise<BackupCodeCount> {
    return this.mfa.backupCodeCount(owner(ctx));
  }
}
