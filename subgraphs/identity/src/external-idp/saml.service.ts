import type { PrismaClient } from '@dataplat/db';
import { DomainError, type ClientInfo } from '@dataplat/kit';
import { generateServiceProviderMetadata, SAML, ValidateInResponseTo, type Profile } from '@node-saml/node-saml';
import { IdentityError } from '../errors';
import type { AuthResponse } from '../auth/auth.types';
import type { ExternalLoginService } from './external-login.service';
import type { ExternalLoginRepository } from './login-state.repository';
import type { ProviderRepository, ProviderRow } from './provider.repository';
import { DEFAULT_MAPPING } from './provider.service';
import { STATE_TTL_SECONDS } from './oidc.service';
import { SamlRequestStore } from './saml-request.store';
import { assertionFacts, parseXml, SAML_PROTOCOL_NS, unverifiedIssuer } from './saml-xml';
import type { SpEndpoints } from './sp-endpoints';

/** Clock skew accepted on NotBefore / NotOnOrAfter. */
export const SAML_CLOCK_SKEW_MS = 60_000;
/** Kept when an assertion names no expiry (replay window). */
const DEFAULT_REPLAY_WINDOW_MS = 3600_000;
const EMAIL_FORMAT = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';
const MAX_RESPONSE_BYTES = 256 * 1024;

const invalid = (reason: string) => new DomainError(IdentityError.SAML_RESPONSE_INVALID, undefined, { reason });

/**
 * SAML 2.0 service provider (Web Browser SSO, HTTP-POST binding): docs/identity-external-idp.md.
 * Signatures, audience and time conditions are checked by @node-saml/node-saml (xml-crypto),
 * which only reads the assertion out of the signed XML (signature wrapping is refused);
 * this service adds the Issuer, Recipient/Destination and replay checks.
 */
export class SamlService {
  constructor(
    private readonly db: PrismaClient,
    private readonly providers: ProviderRepository,
    private readonly used: ExternalLoginRepository,
    private readonly login: ExternalLoginService,
    private readonly sp: SpEndpoints,
  ) {}

  metadata(): string {
    return generateServiceProviderMetadata({
      issuer: this.sp.entityId,
      callbackUrl: this.sp.acsUrl,
      identifierFormat: EMAIL_FORMAT,
      wantAssertionsSigned: true,
    });
  }

  /**
   * SP-initiated sign-in: the IdP's SSO URL with an AuthnRequest (HTTP-Redirect binding,
   * deflated, unsigned) whose ID is stored for 10 minutes, and RelayState = the provider id.
   */
  authorize(provider: ProviderRow): Promise<string> {
    return this.saml(provider).getAuthorizeUrlAsync(provider.id, undefined, {});
  }

  async consume(samlResponse: string, relayState: string | null | undefined, client: ClientInfo): Promise<AuthResponse> {
    if (!samlResponse || samlResponse.length > MAX_RESPONSE_BYTES) throw invalid('SAMLResponse missing or too large');
    const xml = Buffer.from(samlResponse, 'base64').toString('utf8');
    const doc = parseXml(xml);
    if (!doc) throw invalid('not an XML document');
    const issuer = unverifiedIssuer(doc);
    if (!issuer) throw invalid('not a SAML 2.0 Response with an Issuer');
    const provider = await this.provider(issuer, relayState);
    const destination = doc.documentElement!.namespaceURI === SAML_PROTOCOL_NS ? doc.documentElement!.getAttribute('Destination') : null;
    if (destination && destination !== this.sp.acsUrl) throw invalid('Destination is not our ACS');

    let profile: Profile | null;
    try {
      ({ profile } = await this.saml(provider).validatePostResponseAsync({ SAMLResponse: samlResponse }));
    } catch (e) {
      throw invalid((e as Error).message.slice(0, 200));
    }
    if (!profile) throw invalid('no assertion');
    const facts = assertionFacts(profile.getAssertionXml?.() ?? '');
    if (!facts) throw invalid('no signed assertion');
    if (facts.issuer !== provider.idpEntityId) throw invalid('assertion Issuer is not the provider');
    if (!facts.recipients.length || facts.recipients.some((r) => r !== this.sp.acsUrl)) throw invalid('Recipient is not our ACS');
    const expires = facts.notOnOrAfter ?? new Date(Date.now() + DEFAULT_REPLAY_WINDOW_MS);
    if (!(await this.used.useAssertion(provider.tenantId, provider.id, facts.id, new Date(expires.getTime() + SAML_CLOCK_SKEW_MS)))) {
      throw new DomainError(IdentityError.SAML_ASSERTION_REPLAYED);
    }
    const mapping = { ...DEFAULT_MAPPING, ...(provider.attributeMapping as Record<string, string>) };
    const attr = (name: string): string | null => {
      const v = (profile as Record<string, unknown>)[name] ?? (profile!.attributes as Record<string, unknown> | undefined)?.[name];
      const first = Array.isArray(v) ? v[0] : v;
      return typeof first === 'string' && first.trim() ? first.trim() : null;
    };
    const email = attr(mapping.email) ?? (profile.nameIDFormat === EMAIL_FORMAT ? profile.nameID : null);
    // The IdP is the tenant's authority on its users' addresses: a signed assertion vouches for the e-mail.
    return this.login.signIn(
      provider,
      { subject: profile.nameID, email, emailVerified: !!email, firstName: attr(mapping.firstName), lastName: attr(mapping.lastName), method: 'saml' },
      client,
    );
  }

  /**
   * The provider for a response: the SAML provider whose IdP entity id is the Issuer. When
   * several tenants configure the same IdP, RelayState must carry the provider id.
   */
  private async provider(issuer: string, relayState: string | null | undefined): Promise<ProviderRow> {
    const candidates = await this.providers.findSamlByEntityId(issuer);
    const chosen = candidates.find((p) => p.id === relayState) ?? (candidates.length === 1 ? candidates[0] : undefined);
    if (!chosen) throw new DomainError(IdentityError.SAML_PROVIDER_UNKNOWN);
    if (!chosen.enabled) throw new DomainError(IdentityError.IDP_DISABLED);
    return chosen;
  }

  private saml(p: ProviderRow): SAML {
    return new SAML({
      idpCert: p.idpCertificates,
      issuer: this.sp.entityId,
      audience: this.sp.entityId,
      callbackUrl: this.sp.acsUrl,
      entryPoint: p.ssoUrl ?? undefined,
      idpIssuer: p.idpEntityId ?? undefined,
      // The response OR the assertion must carry a valid signature by an IdP certificate.
      wantAuthnResponseSigned: false,
      wantAssertionsSigned: false,
      acceptedClockSkewMs: SAML_CLOCK_SKEW_MS,
      // A response to our AuthnRequest must name a stored, unexpired request id (used once);
      // an IdP-initiated one has no InResponseTo. Replay is refused by assertion id as well.
      validateInResponseTo: ValidateInResponseTo.ifPresent,
      requestIdExpirationPeriodMs: STATE_TTL_SECONDS * 1000,
      cacheProvider: new SamlRequestStore(this.db, p.tenantId, p.id, STATE_TTL_SECONDS * 1000),
      identifierFormat: EMAIL_FORMAT,
    });
  }
}
