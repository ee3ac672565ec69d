import { createUnionType, Field, ID, Int, ObjectType } from 'type-graphql';

@ObjectType({ description: 'The user block of a login response.' })
export class AuthUser {
  @Field(() => ID) id: string;
  @Field() email: string;
  @Field() firstName: string;
  @Field() lastName: string;
  @Field(() => [String]) roles: string[];
  @Field(() => ID) tenantId: string;
}

@ObjectType({ description: 'Tokens issued by a successful login or MFA completion.' })
export class AuthResponse {
  @Field() accessToken: string;
  @Field() refreshToken: string;
  @Field() tokenType: string;
  @Field(() => Int, { description: 'Seconds until the access token expires.' }) expiresIn: number;
  @Field(() => AuthUser, { nullable: true }) user?: AuthUser;
  @Field({ description: 'True after an administrator reset: change the password before anything else.' })
  passwordChangeRequired?: boolean;
}

@ObjectType({ description: 'Returned by login instead of tokens when the user has MFA enabled.' })
export class MfaChallenge {
  @Field() mfaRequired: boolean;
  @Field() challengeId: string;
  @Field(() => [String]) availableMethods: string[];
  @Field(() => Int) expiresIn: number;
}

export const LoginResult = createUnionType({
  name: 'LoginResult',
  types: () => [AuthResponse, MfaChallenge] as const,
  resolveType: (value) => ('mfaRequired' in value ? MfaChallenge : AuthResponse),
});

@ObjectType()
export class RefreshResponse {
  @Field() accessToken: string;
  @Field() tokenType: string;
  @Field(() => Int) expiresIn: number;
}

@ObjectType()
export class LogoutResponse {
  @Field({ description: 'False when the refresh token was already revoked.' }) revoked: boolean;
}
