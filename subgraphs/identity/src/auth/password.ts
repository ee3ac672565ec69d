import argon2 from 'argon2';

/**
 * argon2id with OWASP's recommended minimum (19 MiB, 2 passes, 1 lane): strong, and cheap
 * enough that login throughput stays reasonable on 2-core machines. Hashes made with other
 * parameters still verify and are upgraded on the next successful login.
 */
const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => argon2.hash(password, OPTIONS);

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false; // an unparsable stored hash never matches
  }
}

/** argon2's own check compares m, t, p and version only: another variant must be upgraded too. */
export const needsRehash = (hash: string): boolean => !hash.startsWith('$argon2id$') || argon2.needsRehash(hash, OPTIONS);

let dummy: Promise<string> | undefined;
/** Burns the same time as a real check, so an unknown e-mail is not told apart by timing. */
export async function verifyAgainstDummy(password: string): Promise<void> {
  dummy ??= hashPassword('dummy-password-for-timing-equalisation');
  await verifyPassword(await dummy, password);
}
