import { Arg, Ctx, Mutation, Resolver } from 'type-graphql';
import type { RequestContext } from '@dataplat/kit';
import { ForgotPasswordInput, RegisterInput, ResetPasswordInput, VerifyEmailInput } from './account.inputs';
import type { AccountService } from './account.service';
import { EmailVerificationResult, PasswordResetRequestResult, PasswordResetResult, RegistrationResult } from './account.types';

/** Public self-service mutations (no credentials: the codes sent by e-mail prove the caller). */
@Resolver()
export class AccountResolver {
  constructor(private readonly accounts: AccountService) {}

  @Mutation(() => RegistrationResult, { description: 'Creates an unverified account and e-mails a verification code.' })
  register(@Arg('input') input: RegisterInput, @Ctx() ctx: RequestContext): Promise<RegistrationResult> {
    return this.accounts.register(input, ctx.client);
  }

  @Mutation(() => EmailVerificationResult, { description: 'Verifies an e-mail address with the code from the verification e-mail.' })
  verifyEmail(@Arg('input') input: VerifyEmailInput, @Ctx() ctx: RequestContext): Promise<EmailVerificationResult> {
    return this.accounts.verifyEmail(input.code, ctx.client);
  }

  @Mutation(() => PasswordResetRequestResult, { description: 'E-mails a single-use password-reset code, if the account exists.' })
  forgotPassword(@Arg('input') input: ForgotPasswordInput, @Ctx() ctx: RequestContext): Promise<PasswordResetRequestResult> {
    return this.accounts.forgotPassword(input, ctx.client);
  }

  @Mutation(() => PasswordResetResult, { description: 'Sets a new password with a reset code; ends every session of the user.' })
  resetPassword(@Arg('input') input: ResetPasswordInput, @Ctx() ctx: RequestContext): Promise<PasswordResetResult> {
    return this.accounts.resetPassword(input, ctx.client);
  }
}
