import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DomainError } from '@dataplat/kit';
import { pkceChallenge } from './oidc.service';
import { checkCertificate, checkProviderUrl } from './provider.service';
import { assertionFacts, parseXml, unverifiedIssuer } from './saml-xml';

describe('PKCE S256', () => {
  it('matches RFC 7636 Appendix B', () => {
    expect(pkceChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
  });
});

describe('checkProviderUrl', () => {
  it('accepts https anywhere and http on loopback only outside production, without a trailing slash', () => {
    expect(checkProviderUrl('https://idp.example/realms/x/', 'f', false)).toBe('https://idp.example/realms/x');
    expect(checkProviderUrl('http://127.0.0.1:9000', 'f', true)).toBe('http://127.0.0.1:9000');
    expect(checkProviderUrl('http://localhost:9000', 'f', true)).toBe('http://localhost:9000');
    expect(() => checkProviderUrl('http://127.0.0.1:9000', 'f', false)).toThrow(DomainError);
  });
  it.each(['http://idp.example', 'ftp://idp.example', 'not a url', 'https://user:pw@idp.example', 'https://idp.example/#x'])('refuses %s', (url) => {
    expect(() => checkProviderUrl(url, 'f', true)).toThrow(DomainError);
  });
});

describe('checkCertificate', () => {
  const pem = readFileSync(join(__dirname, '../../../../test/fixtures/saml/test-only-idp.cert.pem'), 'utf8');
  it('normalises PEM and bare base64, and refuses anything else', () => {
    const bare = pem.replace(/-----[A-Z ]+-----/g, '').replace(/\s+/g, '');
    expect(checkCertificate(pem, 0)).toBe(checkCertificate(bare, 0));
    expect(checkCertificate(pem, 0)).toMatch(/^-----BEGIN CERTIFICATE-----/);
    expect(() => checkCertificate('hello', 0)).toThrow(DomainError);
  });
});

describe('SAML XML helpers', () => {
  const A = 'urn:oasis:names:tc:SAML:2.0:assertion';
  const P = 'urn:oasis:names:tc:SAML:2.0:protocol';
  it('refuses DTDs and malformed XML', () => {
    expect(parseXml('<!DOCTYPE x [<!ENTITY e "x">]><a>&e;</a>')).toBeNull();
    expect(parseXml('<a><b></a>')).toBeNull();
  });
  it('reads the Issuer of a Response and the facts of an assertion', () => {
    const doc = parseXml(`<p:Response xmlns:p="${P}" xmlns:s="${A}"><s:Issuer>https://idp</s:Issuer></p:Response>`)!;
    expect(unverifiedIssuer(doc)).toBe('https://idp');
    expect(unverifiedIssuer(parseXml(`<x xmlns:s="${A}"><s:Issuer>i</s:Issuer></x>`)!)).toBeNull();
    const facts = assertionFacts(
      `<s:Assertion xmlns:s="${A}" ID="_1"><s:Issuer>https://idp</s:Issuer><s:Subject><s:SubjectConfirmation><s:SubjectConfirmationData Recipient="https://sp/acs" NotOnOrAfter="2030-01-01T00:05:00Z"/></s:SubjectConfirmation></s:Subject><s:Conditions NotOnOrAfter="2030-01-01T00:10:00Z"/></s:Assertion>`,
    );
    expect(facts).toEqual({ id: '_1', issuer: 'https://idp', recipients: ['https://sp/acs'], notOnOrAfter: new Date('2030-01-01T00:10:00Z') });
  });
});
