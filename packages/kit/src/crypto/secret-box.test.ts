import { SecretBox, SecretBoxError } from './secret-box';

describe('SecretBox', () => {
  const box = SecretBox.fromSecret('x'.repeat(40));

  it('round-trips and never repeats a ciphertext', () => {
    const a = box.seal('JBSWY3DPEHPK3PXP', 'user-1');
    const b = box.seal('JBSWY3DPEHPK3PXP', 'user-1');
    expect(a).not.toEqual(b);
    expect(a).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.open(a, 'user-1')).toBe('JBSWY3DPEHPK3PXP');
    expect(box.open(b, 'user-1')).toBe('JBSWY3DPEHPK3PXP');
  });

  it('refuses another context, another key and a flipped bit', () => {
    const sealed = box.seal('secret', 'user-1');
    expect(() => box.open(sealed, 'user-2')).toThrow(SecretBoxError);
    expect(() => SecretBox.fromSecret('y'.repeat(40)).open(sealed, 'user-1')).toThrow(SecretBoxError);
    const [v, iv, body] = sealed.split('.');
    const bytes = Buffer.from(body, 'base64url');
    bytes[0] ^= 1;
    expect(() => box.open(`${v}.${iv}.${bytes.toString('base64url')}`, 'user-1')).toThrow(SecretBoxError);
    expect(() => box.open('garbage', 'user-1')).toThrow(SecretBoxError);
  });

  it('keys differ per purpose', () => {
    const sealed = SecretBox.fromSecret('x'.repeat(40), 'a').seal('s');
    expect(() => SecretBox.fromSecret('x'.repeat(40), 'b').open(sealed)).toThrow(SecretBoxError);
  });
});
