import { DomainError } from '@dataplat/kit';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { IdentityError } from '../errors';

/** Strict E.164: `+`, country code, subscriber number; at most 15 digits. */
const E164 = /^\+[1-9]\d{1,14}$/;

/**
 * The E.164 form of a phone number, or 400 DPF-IAM-085. The input must already be E.164
 * (no national formats: there is no default country) and a valid number for its country
 * and number plan (libphonenumber-js metadata).
 */
export function e164(input: string): string {
  const value = input.trim();
  const parsed = E164.test(value) ? parsePhoneNumberFromString(value) : undefined;
  if (!parsed?.isValid()) throw new DomainError(IdentityError.MFA_INVALID_PHONE, undefined, { field: 'phoneNumber' });
  return parsed.number;
}

/** A phone number as shown back to its owner: country code and the last two digits. */
export function maskPhone(number: string): string {
  return number.length <= 6 ? number : `${number.slice(0, 3)}${'•'.repeat(number.length - 5)}${number.slice(-2)}`;
}

/** An e-mail address as shown back: first character of the local part and the domain. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return at <= 0 ? email : `${email[0]}•••${email.slice(at)}`;
}
