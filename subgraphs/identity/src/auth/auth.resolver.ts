import { Arg, Ctx, Mutation, Resolver } from 'type-graphql';
import type { RequestContext } from '@dataplat/kit';
import { LoginInput, RefreshTokenInput } from './auth.inputs';
import type { AuthService } from './auth.service';
import { AuthResponse, LoginResult, LogoutResponse, MfaChallenge, RefreshResponse } from './auth.types';

@Resolver()
export class AuthResolver {
  constructor(private readonly auth: AuthService) {}

  @Mutation(() => LoginResult, { description: 'Password login: tokens, or an MFA challenge when MFA is enabled.' })
  login(
    @Arg('input') input: LoginInput,
    @Ctx() ctx: RequestContext,
    @Arg('deviceFingerprint', () => String, { nullable: true, description: 'X-Device-Fingerprint over REST; input.deviceFingerprint wins.' }) deviceFingerprint?: string | null,
  ): Promise<AuthResponse | MfaChallenge> {
    return this.auth.login(input, ctx.client, deviceFingerprint);
  }

  @Mutation(() => RefreshResponse, { description: 'A new access token for a valid refresh token.' })
  refreshToken(@Arg('input') input: RefreshTokenInput, @Ctx() ctx: RequestContext): Promise<RefreshResponse> {
    return this.auth.refresh(input.refreshToken, ctx.client);
  }

  @Mutation(() => LogoutResponse, { description: 'Revokes the refresh token (its session).' })
  logout(@Arg('input') input: RefreshTokenInput, @Ctx() ctx: RequestContext): Promise<LogoutResponse> {
    return this.auth.logout(input.refreshToken, ctx.client);
  }
}
