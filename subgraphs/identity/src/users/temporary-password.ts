import { randomInt } from 'node:crypto';
import { PASSWORD_MAX, PASSWORD_MIN } from './user.inputs';

/** Letters and digits without the look-alikes (0/O, 1/l/I), plus a few symbols that survive copy and paste. */
const LOWER = 'abcdefghijkmnopqrstuvwxyz';
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';
const SYMBOLS = '-_.+=';
const ALL = LOWER + UPPER + DIGITS + SYMBOLS;

export const TEMPORARY_PASSWORD_LENGTH = 20;

/**
 * A random temporary password (administrator reset): 20 characters from a 62-symbol
 * alphabet (about 119 bits), at least one of each class, drawn with crypto.randomInt
 * (uniform, no modulo bias). Within the password policy (PASSWORD_MIN..PASSWORD_MAX).
 */
export function generateTemporaryPassword(length = TEMPORARY_PASSWORD_LENGTH): string {
  if (length < Math.max(PASSWORD_MIN, 4) || length > PASSWORD_MAX) throw new RangeError(`length must be ${PASSWORD_MIN}..${PASSWORD_MAX}`);
  const pick = (set: string) => set[randomInt(set.length)];
  const chars = [pick(LOWER), pick(UPPER), pick(DIGITS), pick(SYMBOLS)];
  while (chars.length < length) chars.push(pick(ALL));
  // Fisher-Yates, so the guaranteed classes are not always in front.
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j], chars[i]];
  }
  return chars.join('');
}
