import { body, defineRoutes } from '../../route-spec';

const op = (name: string) => `identity/mfa/${name}`;

/**
 * Spec 1: the MFA part of "Authentication lifecycle", "Second MFA endpoint set" and "MFA
 * management". The MFA token of the second set is the login's `challengeId`, sent in the
 * body; `POST /auth/mfa/verify` is public and its operation decides: with `challengeId` it
 * completes a login, without it verifies the bearer caller's setup (docs/identity-mfa.md).
 * "Bearer and MFA" is enforced on the GraphQL fields (REQUIRE_MFA), like roles.
 */
export const mfaRoutes = defineRoutes([
  {
    method: 'POST', path: '/api/v1/auth/mfa/verify', tag: 'MFA', summary: 'Complete a login MFA challenge (challengeId) or verify the caller\'s MFA setup (bearer)',
    auth: 'public', operation: op('mfa-verify'), variables: { input: body() }, result: 'mfaVerify', secretFields: ['backupCodes'],
  },
  {
    method: 'POST', path: '/api/v1/auth/mfa/setup', tag: 'MFA', summary: 'Start MFA (TOTP) setup: secret and otpauth URI for the QR code',
    auth: 'bearer', operation: op('mfa-setup'), result: 'mfaSetup', secretFields: ['secret', 'qrCodeUri'],
  },
  {
    method: 'POST', path: '/api/v1/auth/mfa/challenge', tag: 'MFA', summary: 'Submit the MFA challenge of a login (MFA token: challengeId)',
    auth: 'public', operation: op('mfa-challenge'), variables: { input: body() }, result: 'mfaChallenge',
  },
  {
    method: 'DELETE', path: '/api/v1/auth/mfa/disable', tag: 'MFA', summary: 'Disable MFA for the current user (bearer and MFA)',
    auth: 'bearer', operation: op('disable-mfa'), result: 'disableMfa',
  },
  {
    method: 'GET', path: '/api/v1/auth/mfa/recovery-codes', tag: 'MFA', summary: 'Generate recovery codes (bearer and MFA); earlier codes stop working',
    auth: 'bearer', operation: op('mfa-recovery-codes'), result: 'mfaRecoveryCodes', secretFields: ['backupCodes'],
  },
  {
    method: 'POST', path: '/api/v1/auth/mfa/recovery', tag: 'MFA', summary: 'Complete a login with a recovery code (MFA token: challengeId)',
    auth: 'public', operation: op('mfa-recovery'), variables: { input: body() }, result: 'mfaRecovery',
  },
  { method: 'GET', path: '/api/v1/mfa/status', tag: 'MFA', summary: 'MFA status', auth: 'bearer', operation: op('mfa-status'), result: 'mfaStatus' },
  {
    method: 'POST', path: '/api/v1/mfa/totp/enroll', tag: 'MFA', summary: 'Start TOTP enrollment',
    auth: 'bearer', operation: op('enroll-totp'), result: 'enrollTotp', secretFields: ['secret', 'qrCodeUri'],
  },
  {
    method: 'POST', path: '/api/v1/mfa/totp/verify', tag: 'MFA', summary: 'Complete TOTP enrollment; returns backup codes',
    auth: 'bearer', operation: op('verify-totp'), variables: { input: body() }, result: 'verifyTotp', secretFields: ['backupCodes'],
  },
  { method: 'DELETE', path: '/api/v1/mfa/totp', tag: 'MFA', summary: 'Disable TOTP', auth: 'bearer', operation: op('disable-totp'), result: 'disableTotp' },
  {
    method: 'POST', path: '/api/v1/mfa/sms/enroll', tag: 'MFA', summary: 'Start SMS enrollment: sends a code',
    auth: 'bearer', operation: op('enroll-sms'), variables: { input: body() }, result: 'enrollSmsMfa',
  },
  {
    method: 'POST', path: '/api/v1/mfa/sms/verify', tag: 'MFA', summary: 'Complete SMS enrollment; returns backup codes',
    auth: 'bearer', operation: op('verify-sms'), variables: { input: body() }, result: 'verifySmsMfa', secretFields: ['backupCodes'],
  },
  { method: 'POST', path: '/api/v1/mfa/sms/resend', tag: 'MFA', summary: 'New SMS code (rate-limited)', auth: 'bearer', operation: op('resend-sms'), result: 'resendSmsMfaCode' },
  { method: 'DELETE', path: '/api/v1/mfa/sms', tag: 'MFA', summary: 'Disable SMS MFA', auth: 'bearer', operation: op('disable-sms'), result: 'disableSmsMfa' },
  { method: 'POST', path: '/api/v1/mfa/email/enroll', tag: 'MFA', summary: 'Start e-mail enrollment: sends a code', auth: 'bearer', operation: op('enroll-email'), result: 'enrollEmailMfa' },
  {
    method: 'POST', path: '/api/v1/mfa/email/verify', tag: 'MFA', summary: 'Complete e-mail enrollment; returns backup codes',
    auth: 'bearer', operation: op('verify-email'), variables: { input: body() }, result: 'verifyEmailMfa', secretFields: ['backupCodes'],
  },
  { method: 'POST', path: '/api/v1/mfa/email/resend', tag: 'MFA', summary: 'New e-mail code (rate-limited)', auth: 'bearer', operation: op('resend-email'), result: 'resendEmailMfaCode' },
  { method: 'DELETE', path: '/api/v1/mfa/email', tag: 'MFA', summary: 'Disable e-mail MFA', auth: 'bearer', operation: op('disable-email'), result: 'disableEmailMfa' },
  {
    method: 'POST', path: '/api/v1/mfa/backup-codes/regenerate', tag: 'MFA', summary: 'New backup codes; earlier ones stop working',
    auth: 'bearer', operation: op('regenerate-backup-codes'), result: 'regenerateBackupCodes', secretFields: ['backupCodes'],
  },
  { method: 'GET', path: '/api/v1/mfa/backup-codes/count', tag: 'MFA', summary: 'Remaining backup codes', auth: 'bearer', operation: op('backup-code-count'), result: 'backupCodeCount' },
]);
