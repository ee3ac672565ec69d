import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SignedXml } from 'xml-crypto';

/** Test-only IdP keys and certificates (test/fixtures/saml/README.md). */
const FIXTURES = join(__dirname, '..', 'fixtures', 'saml');
export const TEST_IDP = {
  key: readFileSync(join(FIXTURES, 'test-only-idp.key.pem'), 'utf8'),
  cert: readFileSync(join(FIXTURES, 'test-only-idp.cert.pem'), 'utf8'),
};
export const OTHER_IDP = {
  key: readFileSync(join(FIXTURES, 'test-only-other-idp.key.pem'), 'utf8'),
  cert: readFileSync(join(FIXTURES, 'test-only-other-idp.cert.pem'), 'utf8'),
};

export interface AssertionSpec {
  issuer: string;
  audience: string;
  recipient: string;
  destination?: string;
  nameId: string;
  email?: string;
  firstName?: string;
  id?: string;
  notBefore?: Date;
  notOnOrAfter?: Date;
  /** The id of our AuthnRequest (SP-initiated), on the Response and the SubjectConfirmationData. */
  inResponseTo?: string;
}

const iso = (d: Date) => d.toISOString();

/** An unsigned SAML 2.0 Response with one bearer assertion, as an IdP would issue it. */
export function responseXml(s: AssertionSpec): string {
  const now = new Date();
  const notBefore = s.notBefore ?? new Date(now.getTime() - 60_000);
  const notOnOrAfter = s.notOnOrAfter ?? new Date(now.getTime() + 5 * 60_000);
  const id = s.id ?? `_a${randomUUID()}`;
  const irt = s.inResponseTo ? ` InResponseTo="${s.inResponseTo}"` : '';
  const attrs = [
    s.email ? `<saml:Attribute Name="email"><saml:AttributeValue>${s.email}</saml:AttributeValue></saml:Attribute>` : '',
    s.firstName ? `<saml:Attribute Name="firstName"><saml:AttributeValue>${s.firstName}</saml:AttributeValue></saml:Attribute>` : '',
  ].join('');
  return (
    `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="_r${randomUUID()}" Version="2.0" IssueInstant="${iso(now)}"${s.destination ? ` Destination="${s.destination}"` : ''}${irt}>` +
    `<saml:Issuer>${s.issuer}</saml:Issuer>` +
    `<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>` +
    `<saml:Assertion ID="${id}" Version="2.0" IssueInstant="${iso(now)}">` +
    `<saml:Issuer>${s.issuer}</saml:Issuer>` +
    `<saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:2.0:nameid-format:persistent">${s.nameId}</saml:NameID>` +
    `<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData NotOnOrAfter="${iso(notOnOrAfter)}" Recipient="${s.recipient}"${irt}/></saml:SubjectConfirmation></saml:Subject>` +
    `<saml:Conditions NotBefore="${iso(notBefore)}" NotOnOrAfter="${iso(notOnOrAfter)}"><saml:AudienceRestriction><saml:Audience>${s.audience}</saml:Audience></saml:AudienceRestriction></saml:Conditions>` +
    `<saml:AuthnStatement AuthnInstant="${iso(now)}" SessionIndex="_s${randomUUID()}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>` +
    (attrs ? `<saml:AttributeStatement>${attrs}</saml:AttributeStatement>` : '') +
    `</saml:Assertion></samlp:Response>`
  );
}

/** Signs the Assertion (enveloped, exc-c14n, RSA-SHA256), the signature placed after its Issuer. */
export function signAssertion(xml: string, key = TEST_IDP): string {
  return sign(xml, key, "//*[local-name(.)='Assertion']", "//*[local-name(.)='Assertion']/*[local-name(.)='Issuer']");
}

/** Signs the whole Response instead (the assertion inside stays unsigned). */
export function signResponse(xml: string, key = TEST_IDP): string {
  return sign(xml, key, "/*[local-name(.)='Response']", "/*[local-name(.)='Response']/*[local-name(.)='Issuer']");
}

function sign(xml: string, key: { key: string; cert: string }, xpath: string, after: string): string {
  const sig = new SignedXml({
    privateKey: key.key,
    publicCert: key.cert,
    signatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
    canonicalizationAlgorithm: 'http://www.w3.org/2001/10/xml-exc-c14n#',
  });
  sig.addReference({
    xpath,
    transforms: ['http://www.w3.org/2000/09/xmldsig#enveloped-signature', 'http://www.w3.org/2001/10/xml-exc-c14n#'],
    digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
  });
  sig.computeSignature(xml, { location: { reference: after, action: 'after' } });
  return sig.getSignedXml();
}

export const b64 = (xml: string) => Buffer.from(xml, 'utf8').toString('base64');
