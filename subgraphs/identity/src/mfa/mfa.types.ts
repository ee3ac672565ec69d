import { createUnionType, Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { AuthResponse } from '../auth/auth.types';

export enum MfaMethodKind {
  TOTP = 'TOTP',
  SMS = 'SMS',
  EMAIL = 'EMAIL',
  BACKUP_CODE = 'BACKUP_CODE',
}
registerEnumType(MfaMethodKind, { name: 'MfaMethod', description: 'A second factor: TOTP app, SMS code, e-mail code or backup code.' });

@ObjectType({ description: 'The caller\'s MFA status (spec 1 "MFA status").' })
export class MfaStatus {
  @Field() totpEnabled: boolean;
  @Field() smsEnabled: boolean;
  @Field() emailEnabled: boolean;
  @Field(() => Int) remainingBackupCodes: number;
  @Field(() => Date, { nullable: true, description: 'Last successful second-factor verification.' }) lastVerified: Date | null;
}

@ObjectType({ description: 'A started TOTP enrollment: the secret is shown only here.' })
export class TotpEnrollment {
  @Field({ description: 'Base32 shared secret.' }) secret: string;
  @Field({ description: 'otpauth:// URI with issuer and account, for a QR code.' }) qrCodeUri: string;
  @Field() status: string;
}

@ObjectType({ description: 'A started SMS or e-mail enrollment: a code was sent.' })
export class OtpEnrollment {
  @Field() status: string;
  @Field({ description: 'Where the code went, masked.' }) destination: string;
  @Field(() => Int, { description: 'Seconds the code stays valid.' }) expiresIn: number;
}

@ObjectType({ description: 'A completed enrollment: the method is ACTIVE; the backup codes are shown only here.' })
export class MfaActivation {
  @Field() status: string;
  @Field(() => [String]) backupCodes: string[];
}

@ObjectType({ description: 'A new set of backup codes; every earlier code stops working.' })
export class BackupCodeSet {
  @Field(() => [String]) backupCodes: string[];
  @Field(() => Int) remainingCodes: number;
}

@ObjectType()
export class BackupCodeCount {
  @Field(() => Int) remainingCodes: number;
}

@ObjectType({ description: 'Per-tenant MFA security policy.' })
export class MfaSecurityPolicy {
  @Field(() => ID) tenantId: string;
  @Field({ description: 'A trusted device skips the MFA challenge at login (default true).' }) trustedDevicesSkipMfa: boolean;
  @Field(() => Date, { nullable: true, description: 'Null while the tenant uses the defaults.' }) updatedAt: Date | null;
}

export const MfaVerifyResult = createUnionType({
  name: 'MfaVerifyResult',
  description: 'POST /auth/mfa/verify: tokens when a login challenge was completed, the activation when a setup was verified.',
  types: () => [AuthResponse, MfaActivation] as const,
  resolveType: (value) => ('accessToken' in value ? AuthResponse : MfaActivation),
});
