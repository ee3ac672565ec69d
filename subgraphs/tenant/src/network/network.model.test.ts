import { checkCertificate } from './certificate-check';
import { checkRecord, serialOf } from './network.service';
import { selfSignedCertificate } from '../../../../test/harness/certificates';

const zone = 'acme.tenants.dataplat.internal';

describe('checkRecord', () => {
  it('accepts A, AAAA, CNAME, TXT records under the zone (wildcards and _labels too)', () => {
    expect(checkRecord(zone, { name: 'API', type: 'A', value: '10.0.0.1' }, 0)).toEqual({ type: 'A', name: `api.${zone}`, target: '10.0.0.1' });
    expect(checkRecord(zone, { name: '*.apps', type: 'AAAA', value: '::1' }, 0).name).toBe(`*.apps.${zone}`);
    expect(checkRecord(zone, { name: '_acme-challenge', type: 'TXT', value: 'x' }, 0).name).toBe(`_acme-challenge.${zone}`);
    expect(checkRecord(zone, { name: 'www', type: 'CNAME', value: 'Edge.Example.com' }, 0).target).toBe('edge.example.com');
  });

  it.each([
    [{ name: 'a', type: 'A', value: '::1' }, 'records[2].value'],
    [{ name: 'a', type: 'AAAA', value: '10.0.0.1' }, 'records[2].value'],
    [{ name: '-a', type: 'A', value: '10.0.0.1' }, 'records[2].name'],
    [{ name: 'a..b', type: 'A', value: '10.0.0.1' }, 'records[2].name'],
    [{ name: 'a', type: 'CNAME', value: 'single' }, 'records[2].value'],
  ])('refuses %o', (record, field) => {
    expect(() => checkRecord(zone, record, 2)).toThrow(expect.objectContaining({ code: 'DPF-TEN-131', details: { field } }));
  });

  it('serialOf: YYYYMMDDnn', () => {
    expect(serialOf(new Date('2026-11-21T23:59:00Z'))).toBe(2026112101);
    expect(serialOf(new Date('2026-01-02T00:00:00Z'), 12)).toBe(2026010212);
  });
});

describe('checkCertificate', () => {
  const host = zone;
  it('returns fingerprint, subject, issuer, SANs and validity for a matching certificate and key', () => {
    const c = selfSignedCertificate({ commonName: host, dnsNames: [host] });
    const out = checkCertificate(c.certificate, c.privateKey, host);
    expect(out).toMatchObject({ subject: `CN=${host}`, issuer: `CN=${host}`, subjectAltNames: [host] });
    expect(out.fingerprint).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    expect(out.notAfter.getTime()).toBeGreaterThan(Date.now());
  });

  it('matches a wildcard SAN and refuses a host it does not cover', () => {
    const c = selfSignedCertificate({ commonName: 'x', dnsNames: ['*.tenants.dataplat.internal'] });
    expect(checkCertificate(c.certificate, c.privateKey, host).subjectAltNames).toEqual(['*.tenants.dataplat.internal']);
    expect(() => checkCertificate(c.certificate, c.privateKey, 'a.b.other.test')).toThrow(expect.objectContaining({ code: 'DPF-TEN-135' }));
  });

  it('refuses a certificate not valid yet, and a key that is not the certificate\'s', () => {
    const future = selfSignedCertificate({ commonName: host, notBefore: new Date(Date.now() + 86_400_000), notAfter: new Date(Date.now() + 2 * 86_400_000) });
    expect(() => checkCertificate(future.certificate, future.privateKey, host)).toThrow(expect.objectContaining({ code: 'DPF-TEN-137' }));
    const a = selfSignedCertificate({ commonName: host });
    const b = selfSignedCertificate({ commonName: host });
    expect(() => checkCertificate(a.certificate, b.privateKey, host)).toThrow(expect.objectContaining({ code: 'DPF-TEN-136' }));
    expect(() => checkCertificate(a.certificate, 'x', host)).toThrow(expect.objectContaining({ code: 'DPF-TEN-134', details: { field: 'privateKey' } }));
  });
});
