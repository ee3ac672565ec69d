import { randomUUID } from 'node:crypto';
import { inflateRawSync } from 'node:zlib';
import { DOMParser } from '@xmldom/xmldom';
import { ApiClient, expectEnvelope, type ApiResponse } from '../harness/client';
import { startIdentityPlatform, twoTenantFixture, type IdentityPlatform, type Session } from '../harness/identity-factories';
import { b64, OTHER_IDP, responseXml, signAssertion, signResponse, TEST_IDP, type AssertionSpec } from '../harness/saml-responses';

/** Spec 1 "External identity providers and SAML": SAML 2.0 service provider (metadata, ACS). */
let ctx: IdentityPlatform;
let api: ApiClient;
const tenantA = randomUUID();
const tenantB = randomUUID();
let adminA: Session;
let adminB: Session;
let spEntityId: string;
let acsUrl: string;
let idpEntityId: string;
let providerId: string;

const MD = 'urn:oasis:names:tc:SAML:2.0:metadata';

beforeAll(async () => {
  ctx = await startIdentityPlatform((url) => new ApiClient(url));
  api = ctx.api;
  ({ adminA, adminB } = await twoTenantFixture(api, ctx.rootToken, tenantA, tenantB));
  idpEntityId = `https://idp-${randomUUID()}.example/saml`;
  const res = await api.post('/api/v1/auth/oauth2/providers', samlBody(idpEntityId, { jitProvisioning: true }), { token: adminA.token });
  expect(res.status).toBe(201);
  ({ spEntityId, acsUrl } = res.body.saml);
  providerId = res.body.id;
});
afterAll(() => ctx?.stop());

function samlBody(entityId: string, extra: Record<string, unknown> = {}) {
  return { name: `SAML ${randomUUID()}`, kind: 'SAML', saml: { idpEntityId: entityId, ssoUrl: 'https://idp.example/sso', certificates: [TEST_IDP.cert] }, ...extra };
}

const acs = (samlResponse: string, relayState?: string): Promise<ApiResponse> =>
  api.request('POST', '/api/v1/auth/saml/acs', {
    raw: new URLSearchParams({ SAMLResponse: samlResponse, ...(relayState ? { RelayState: relayState } : {}) }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });

const spec = (over: Partial<AssertionSpec> = {}): AssertionSpec => ({
  issuer: idpEntityId, audience: spEntityId, recipient: acsUrl, destination: acsUrl, nameId: `n-${randomUUID()}`, email: `saml-${randomUUID()}@idp.test`, firstName: 'Grace', ...over,
});

describe('GET /api/v1/auth/saml/metadata', () => {
  it('is SP metadata: entityID, an HTTP-POST ACS and a NameIDFormat', async () => {
    const res = await api.get('/api/v1/auth/saml/metadata');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/samlmetadata\+xml/);
    const doc = new DOMParser().parseFromString(res.text, 'text/xml');
    const root = doc.documentElement!;
    expect(root.namespaceURI).toBe(MD);
    expect(root.localName).toBe('EntityDescriptor');
    expect(root.getAttribute('entityID')).toBe(spEntityId);
    const sp = doc.getElementsByTagNameNS(MD, 'SPSSODescriptor')[0];
    expect(sp.getAttribute('protocolSupportEnumeration')).toBe('urn:oasis:names:tc:SAML:2.0:protocol');
    const acsEl = doc.getElementsByTagNameNS(MD, 'AssertionConsumerService')[0];
    expect(acsEl.getAttribute('Binding')).toBe('urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST');
    expect(acsEl.getAttribute('Location')).toBe(acsUrl);
    expect(doc.getElementsByTagNameNS(MD, 'NameIDFormat')[0].textContent).toBe('urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress');
  });
});

describe('POST /api/v1/auth/saml/acs', () => {
  it('signs in with a valid signed assertion (user created just in time) and with a signed response', async () => {
    const s = spec();
    const res = await acs(b64(signAssertion(responseXml(s))));
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body).toMatchObject({ accessToken: expect.any(String), refreshToken: expect.any(String), tokenType: 'Bearer', user: { email: s.email, firstName: 'Grace', tenantId: tenantA, roles: ['USER'] } });
    const me = await api.get('/api/v1/users/me', { token: res.body.accessToken });
    expect(me.body).toMatchObject({ email: s.email, emailVerified: true });
    // Same NameID again (new assertion): the same user, through the link.
    const again = await acs(b64(signResponse(responseXml({ ...s, email: undefined }))));
    expect(again.status).toBe(200);
    expect(again.body.user.id).toBe(res.body.user.id);
  });

  it('refuses a replayed assertion (401 DPF-IAM-130)', async () => {
    const body = b64(signAssertion(responseXml(spec())));
    expect((await acs(body)).status).toBe(200);
    expectEnvelope(await acs(body), 401, 'DPF-IAM-130');
  });

  it('refuses a tampered assertion (401 DPF-IAM-129)', async () => {
    const signed = signAssertion(responseXml(spec({ email: 'victim-x@idp.test' })));
    expectEnvelope(await acs(b64(signed.replace('victim-x@idp.test', 'attacker@idp.test'))), 401, 'DPF-IAM-129');
  });

  it('refuses signature wrapping (XSW): an unsigned assertion beside or around the signed one', async () => {
    const s = spec();
    const signed = signAssertion(responseXml(s));
    const signedAssertion = signed.match(/<saml:Assertion[\s\S]*<\/saml:Assertion>/)![0];
    const signature = signedAssertion.match(/<ds:Signature[\s\S]*<\/ds:Signature>|<Signature[\s\S]*<\/Signature>/)![0];
    const evil = responseXml({ ...s, id: '_evil', nameId: 'attacker', email: 'attacker@idp.test' }).match(/<saml:Assertion[\s\S]*<\/saml:Assertion>/)![0];
    // XSW: the signed assertion hidden in Extensions, the evil one (carrying the copied signature) in its place.
    const evilWithSig = evil.replace(`</saml:Issuer>`, `</saml:Issuer>${signature}`);
    const wrapped = signed.replace(signedAssertion, evilWithSig).replace('<samlp:Status>', `<samlp:Extensions>${signedAssertion}</samlp:Extensions><samlp:Status>`);
    const variants = [
      wrapped,
      // Two assertions side by side: the evil one first.
      signed.replace(signedAssertion, evil + signedAssertion),
      // The signed assertion nested inside the evil one.
      signed.replace(signedAssertion, evilWithSig.replace('</saml:Assertion>', `${signedAssertion}</saml:Assertion>`)),
    ];
    for (const xml of variants) {
      const res = await acs(b64(xml));
      expectEnvelope(res, 401, 'DPF-IAM-129');
      expect(res.body.error.details.reason).toMatch(/signature/i);
    }
    const attacker = await ctx.db.query("SELECT 1 FROM identity.users WHERE email = 'attacker@idp.test'");
    expect(attacker.rowCount).toBe(0);
  });

  it.each([
    ['expired', { notOnOrAfter: new Date(Date.now() - 10 * 60_000), notBefore: new Date(Date.now() - 20 * 60_000) }],
    ['not yet valid', { notBefore: new Date(Date.now() + 10 * 60_000) }],
    ['for another audience', { audience: 'https://other-sp.example' }],
    ['for another recipient', { recipient: 'https://other-sp.example/acs' }],
    ['sent to another destination', { destination: 'https://other-sp.example/acs' }],
  ])('refuses an assertion %s (401 DPF-IAM-129)', async (_case, over) => {
    expectEnvelope(await acs(b64(signAssertion(responseXml(spec(over as Partial<AssertionSpec>))))), 401, 'DPF-IAM-129');
  });

  it("refuses a signed assertion whose own Issuer is not the provider's (401 DPF-IAM-129)", async () => {
    const xml = responseXml(spec());
    const forged = xml.replace(/(<saml:Assertion[^>]*><saml:Issuer>)[^<]*/, '$1https://someone-else.example');
    const res = await acs(b64(signAssertion(forged)));
    expectEnvelope(res, 401, 'DPF-IAM-129');
    expect(res.body.error.details.reason).toBe('assertion Issuer is not the provider');
  });

  it('refuses an unsigned response, one signed by another key, and garbage (401 DPF-IAM-129)', async () => {
    expectEnvelope(await acs(b64(responseXml(spec()))), 401, 'DPF-IAM-129');
    expectEnvelope(await acs(b64(signAssertion(responseXml(spec()), OTHER_IDP))), 401, 'DPF-IAM-129');
    expectEnvelope(await acs(b64('<html>not saml</html>')), 401, 'DPF-IAM-129');
    expectEnvelope(await acs('!!!'), 401, 'DPF-IAM-129');
  });

  it('refuses an unknown issuer (401 DPF-IAM-131), a JSON body (415) and a missing SAMLResponse (400)', async () => {
    expectEnvelope(await acs(b64(signAssertion(responseXml(spec({ issuer: 'https://unknown.example' }))))), 401, 'DPF-IAM-131');
    expectEnvelope(await api.post('/api/v1/auth/saml/acs', { SAMLResponse: 'x' }), 415, 'DPF-API-003');
    expectEnvelope(await api.request('POST', '/api/v1/auth/saml/acs', { raw: 'RelayState=x', headers: { 'content-type': 'application/x-www-form-urlencoded' } }), 400, 'DPF-API-001');
  });

  it('SP-initiated: redirects with an AuthnRequest, accepts the response to it once, refuses an unknown InResponseTo', async () => {
    const start = await fetch(`${api.baseUrl}/api/v1/auth/oauth2/authorize/${providerId}`, { redirect: 'manual' });
    expect(start.status).toBe(302);
    const location = new URL(start.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe('https://idp.example/sso');
    expect(location.searchParams.get('RelayState')).toBe(providerId);
    const request = new DOMParser().parseFromString(inflateRawSync(Buffer.from(location.searchParams.get('SAMLRequest')!, 'base64')).toString(), 'text/xml').documentElement!;
    expect(request.localName).toBe('AuthnRequest');
    expect(request.getAttribute('AssertionConsumerServiceURL')).toBe(acsUrl);
    expect(request.getAttribute('ProtocolBinding')).toBe('urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST');
    expect(request.getElementsByTagNameNS('urn:oasis:names:tc:SAML:2.0:assertion', 'Issuer')[0].textContent).toBe(spEntityId);
    const requestId = request.getAttribute('ID')!;
    const ok = await acs(b64(signAssertion(responseXml(spec({ inResponseTo: requestId })))), providerId);
    expect(ok.status).toBe(200);
    // The request was answered: a second response to it (a fresh assertion) is refused.
    expectEnvelope(await acs(b64(signAssertion(responseXml(spec({ inResponseTo: requestId })))), providerId), 401, 'DPF-IAM-129');
    expectEnvelope(await acs(b64(signAssertion(responseXml(spec({ inResponseTo: '_never-sent' })))), providerId), 401, 'DPF-IAM-129');
  });

  it('uses RelayState to pick the tenant when several tenants configure the same IdP', async () => {
    const shared = `https://shared-${randomUUID()}.example/saml`;
    const a = await api.post('/api/v1/auth/oauth2/providers', samlBody(shared, { jitProvisioning: true }), { token: adminA.token });
    const b = await api.post('/api/v1/auth/oauth2/providers', samlBody(shared, { jitProvisioning: true }), { token: adminB.token });
    expect([a.status, b.status]).toEqual([201, 201]);
    expectEnvelope(await api.post('/api/v1/auth/oauth2/providers', samlBody(shared), { token: adminA.token }), 400, 'DPF-IAM-122');
    expectEnvelope(await acs(b64(signAssertion(responseXml(spec({ issuer: shared }))))), 401, 'DPF-IAM-131');
    const inB = await acs(b64(signAssertion(responseXml(spec({ issuer: shared })))), b.body.id);
    expect(inB.status).toBe(200);
    expect(inB.body.user.tenantId).toBe(tenantB);
  });

  it('refuses sign-in through a disabled provider (403 DPF-IAM-123)', async () => {
    const entity = `https://off-${randomUUID()}.example/saml`;
    const p = await api.post('/api/v1/auth/oauth2/providers', samlBody(entity, { enabled: false, jitProvisioning: true }), { token: adminA.token });
    expect(p.status).toBe(201);
    expectEnvelope(await acs(b64(signAssertion(responseXml(spec({ issuer: entity }))))), 403, 'DPF-IAM-123');
  });
});
