import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';

export enum SessionState {
  ACTIVE = 'ACTIVE',
  REVOKED = 'REVOKED',
  EXPIRED = 'EXPIRED',
}
registerEnumType(SessionState, { name: 'SessionState', description: 'ACTIVE: neither revoked nor expired.' });

@ObjectType({ description: 'A login session of the caller (one refresh token), spec 1 "Session".' })
export class Session {
  @Field(() => Int) id: number;
  @Field(() => String, { nullable: true, description: 'Name of the device, or one derived from the user agent.' }) deviceName: string | null;
  @Field(() => Int, { nullable: true, description: 'The device the session was opened from (login with a fingerprint).' }) deviceId: number | null;
  @Field(() => String, { nullable: true }) ipAddress: string | null;
  @Field(() => String, { nullable: true }) userAgent: string | null;
  @Field() createdAt: Date;
  @Field() lastAccessedAt: Date;
  @Field({ description: 'True for the session of the presented bearer token.' }) isCurrent: boolean;
  @Field({ description: 'When the refresh token of the session expires.' }) expiresAt: Date;
  @Field(() => SessionState) state: SessionState;
  @Field(() => Date, { nullable: true }) revokedAt: Date | null;
}

@ObjectType()
export class SessionCount {
  @Field(() => Int, { description: 'Active sessions of the caller.' }) count: number;
}

@ObjectType()
export class RevokedSessions {
  @Field(() => Int, { description: 'Sessions this request revoked.' }) revoked: number;
}

@ObjectType({ description: 'The presented credential and its session (GET /api/v1/auth/session).' })
export class CurrentSession {
  @Field(() => ID) userId: string;
  @Field(() => ID, { description: 'Tenant of the account (the token\'s tenant_id).' }) tenantId: string;
  @Field(() => ID, { nullable: true, description: 'Tenant the request acts in (differs for a platform admin sending X-Tenant-ID).' })
  actingTenantId: string | null;
  @Field(() => [String]) roles: string[];
  @Field({ description: 'access_token or api_key.' }) credential: string;
  @Field({ description: 'True while a temporary password must be changed first.' }) passwordChangeRequired: boolean;
  @Field(() => ID, { nullable: true, description: 'jti of the presented access token.' }) tokenId: string | null;
  @Field(() => Date, { nullable: true }) tokenIssuedAt: Date | null;
  @Field(() => Date, { nullable: true }) tokenExpiresAt: Date | null;
  @Field(() => Int, { nullable: true, description: 'Seconds until the access token expires.' }) tokenExpiresIn: number | null;
  @Field(() => Session, { nullable: true, description: 'The session the token was issued from; null for credentials without one.' })
  session: Session | null;
}
