import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';

/**
 * Test-only: self-signed X.509 certificates built with node:crypto (no package, no openssl
 * binary). A minimal DER encoder for the fields a TLS certificate check reads: subject CN,
 * validity, subjectAltName DNS names, an EC P-256 key, ecdsa-with-SHA256.
 */
const len = (n: number) => (n < 0x80 ? Buffer.from([n]) : n < 0x100 ? Buffer.from([0x81, n]) : Buffer.from([0x82, n >> 8, n & 0xff]));
const tlv = (tag: number, ...parts: Buffer[]) => {
  const body = Buffer.concat(parts);
  return Buffer.concat([Buffer.from([tag]), len(body.length), body]);
};
const seq = (...parts: Buffer[]) => tlv(0x30, ...parts);
const oid = (dotted: string) => {
  const [a, b, ...rest] = dotted.split('.').map(Number);
  const bytes = [40 * a + b];
  for (const n of rest) {
    const chunk = [n & 0x7f];
    for (let v = n >> 7; v > 0; v >>= 7) chunk.unshift((v & 0x7f) | 0x80);
    bytes.push(...chunk);
  }
  return tlv(0x06, Buffer.from(bytes));
};
const integer = (n: number) => {
  const hex = n.toString(16);
  let bytes = Buffer.from(hex.length % 2 ? `0${hex}` : hex, 'hex');
  if (bytes[0] & 0x80) bytes = Buffer.concat([Buffer.from([0]), bytes]);
  return tlv(0x02, bytes);
};
const time = (d: Date) => {
  const s = d.toISOString().replace(/[-:T]/g, '').slice(0, 14);
  return d.getUTCFullYear() < 2050 ? tlv(0x17, Buffer.from(`${s.slice(2)}Z`)) : tlv(0x18, Buffer.from(`${s}Z`));
};
const name = (cn: string) => seq(tlv(0x31, seq(oid('2.5.4.3'), tlv(0x0c, Buffer.from(cn)))));
const ECDSA_SHA256 = seq(oid('1.2.840.10045.4.3.2'));

export interface TestCertificate {
  certificate: string;
  privateKey: string;
  key: KeyObject;
}

export interface CertificateOptions {
  commonName: string;
  dnsNames?: string[];
  notBefore?: Date;
  notAfter?: Date;
}

const pem = (label: string, der: Buffer) => `-----BEGIN ${label}-----\n${der.toString('base64').match(/.{1,64}/g)!.join('\n')}\n-----END ${label}-----\n`;

/** A self-signed certificate and its PEM private key (valid 1 day ago to 30 days ahead by default). */
export function selfSignedCertificate(opts: CertificateOptions): TestCertificate {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const notBefore = opts.notBefore ?? new Date(Date.now() - 86_400_000);
  const notAfter = opts.notAfter ?? new Date(Date.now() + 30 * 86_400_000);
  const extensions = opts.dnsNames?.length
    ? [tlv(0xa3, seq(seq(oid('2.5.29.17'), tlv(0x04, seq(...opts.dnsNames.map((d) => tlv(0x82, Buffer.from(d))))))))]
    : [];
  const tbs = seq(
    tlv(0xa0, integer(2)),
    integer(Math.floor(Math.random() * 0x7fffffff) + 1),
    ECDSA_SHA256,
    name(opts.commonName),
    seq(time(notBefore), time(notAfter)),
    name(opts.commonName),
    publicKey.export({ type: 'spki', format: 'der' }),
    ...extensions,
  );
  const signature = sign('sha256', tbs, privateKey);
  const cert = seq(tbs, ECDSA_SHA256, tlv(0x03, Buffer.from([0]), signature));
  return { certificate: pem('CERTIFICATE', cert), privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }) as string, key: privateKey };
}
