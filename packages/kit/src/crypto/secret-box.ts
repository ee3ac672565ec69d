import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export class SecretBoxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SecretBoxError';
  }
}

/**
 * Encryption at rest for secrets we must read back (TOTP seeds, an identity provider's
 * client secret, a webhook signing key): AES-256-GCM with a random 96-bit IV per value.
 * The output is `v1.<iv>.<ciphertext+tag>` (base64url), safe for a text column. An optional
 * `context` (e.g. the owning row's id) is bound as additional authenticated data, so a
 * ciphertext copied onto another row does not decrypt.
 */
export class SecretBox {
  private constructor(private readonly key: Buffer) {}

  /**
   * The key is DATA_ENCRYPTION_KEY when set, else derived from JWT_SECRET with HKDF for this
   * one purpose (so neither key can stand in for the other).
   */
  static fromSecret(rootSecret: string, purpose = 'secret-box-v1'): SecretBox {
    if (rootSecret.length < 32) throw new SecretBoxError('the root secret must be at least 32 characters');
    return new SecretBox(Buffer.from(hkdfSync('sha256', rootSecret, 'dataplat', purpose, 32)));
  }

  seal(plaintext: string, context = ''): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const sealed = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
    return `${VERSION}.${iv.toString('base64url')}.${sealed.toString('base64url')}`;
  }

  open(box: string, context = ''): string {
    const [version, ivText, sealedText] = box.split('.');
    if (version !== VERSION || !ivText || !sealedText) throw new SecretBoxError('not a sealed value');
    const iv = Buffer.from(ivText, 'base64url');
    const sealed = Buffer.from(sealedText, 'base64url');
    if (iv.length !== IV_BYTES || sealed.length < TAG_BYTES) throw new SecretBoxError('not a sealed value');
    const decipher = createDecipheriv('aes-256-gcm', this.key, iv);
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
    try {
      return Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - TAG_BYTES)), decipher.final()]).toString('utf8');
    } catch {
      throw new SecretBoxError('the sealed value was tampered with, or sealed under another key or context');
    }
  }
}

/** The platform's SecretBox: DATA_ENCRYPTION_KEY when set, else derived from JWT_SECRET. */
export const secretBoxFor = (config: { DATA_ENCRYPTION_KEY?: string; JWT_SECRET: string }, purpose?: string): SecretBox =>
  SecretBox.fromSecret(config.DATA_ENCRYPTION_KEY ?? config.JWT_SECRET, purpose);
