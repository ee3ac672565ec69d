import { createPrivateKey, X509Certificate, type KeyObject } from 'node:crypto';
import { DomainError } from '@dataplat/kit';
import { TenantError } from '../errors';

export interface CheckedCertificate {
  /** The leaf certificate as PEM (a chain's first certificate). */
  certificatePem: string;
  fingerprint: string;
  subject: string;
  issuer: string;
  subjectAltNames: string[];
  notBefore: Date;
  notAfter: Date;
}

const PEM_CERT = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/;

/** The DNS names of a subjectAltName text ("DNS:a, DNS:b, IP Address:..."). */
export const dnsNames = (san: string | undefined) => (san ?? '').split(/,\s*/).filter((e) => e.startsWith('DNS:')).map((e) => e.slice(4));

/**
 * Checks an uploaded certificate and key with node:crypto: both parse (400 DPF-TEN-134), the
 * certificate is valid now (DPF-TEN-137), covers `host` by SAN, or CN when it has no DNS SAN
 * (DPF-TEN-135), and the key is the certificate's (DPF-TEN-136).
 */
export function checkCertificate(certificate: string, privateKey: string, host: string, now = new Date()): CheckedCertificate {
  const leaf = PEM_CERT.exec(certificate ?? '')?.[0];
  let cert: X509Certificate;
  let key: KeyObject;
  try {
    cert = new X509Certificate(leaf ?? '');
  } catch {
    throw new DomainError(TenantError.CERTIFICATE_INVALID, 'certificate is not a PEM X.509 certificate', { field: 'certificate' });
  }
  try {
    key = createPrivateKey(privateKey ?? '');
  } catch {
    throw new DomainError(TenantError.CERTIFICATE_INVALID, 'privateKey is not a PEM private key (unencrypted)', { field: 'privateKey' });
  }
  const notBefore = new Date(cert.validFrom);
  const notAfter = new Date(cert.validTo);
  if (now < notBefore || now > notAfter) {
    throw new DomainError(TenantError.CERTIFICATE_EXPIRED, `The certificate is valid from ${notBefore.toISOString()} to ${notAfter.toISOString()}`, { notBefore: notBefore.toISOString(), notAfter: notAfter.toISOString() });
  }
  if (!cert.checkHost(host)) throw new DomainError(TenantError.CERTIFICATE_HOST_MISMATCH, `The certificate does not cover ${host}`, { host });
  if (!cert.checkPrivateKey(key)) throw new DomainError(TenantError.CERTIFICATE_KEY_MISMATCH);
  return {
    certificatePem: leaf!,
    fingerprint: cert.fingerprint256,
    subject: cert.subject.replace(/\n/g, ', '),
    issuer: cert.issuer.replace(/\n/g, ', '),
    subjectAltNames: dnsNames(cert.subjectAltName),
    notBefore,
    notAfter,
  };
}
