import { randomUUID, X509Certificate } from 'node:crypto';
import { DomainError, SystemRole, type SecretBox } from '@dataplat/kit';
import { IdentityError } from '../errors';
import type { RoleRepository } from '../roles/role.repository';
import { isUuid } from '../users/user.repository';
import type { IdentityProviderInput } from './external-idp.inputs';
import { IdentityProviderKind, type IdentityProvider } from './external-idp.type';
import type { ProviderData, ProviderRepository, ProviderRow } from './provider.repository';
import type { SpEndpoints } from './sp-endpoints';

export const DEFAULT_SCOPES = ['openid', 'email', 'profile'];
export const DEFAULT_MAPPING = { email: 'email', firstName: 'firstName', lastName: 'lastName' };

const invalid = (field: string, reason: string): DomainError => new DomainError(IdentityError.IDP_INVALID_CONFIG, undefined, { field, reason });

/**
 * An http(s) URL the platform may call or send browsers to: https; plain http only to a
 * loopback host and only outside production (a provider on the same machine, such as the
 * test IdP), so that a tenant admin cannot point the platform at its own loopback services.
 */
export function checkProviderUrl(value: string, field: string, allowLoopbackHttp: boolean): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw invalid(field, 'not a URL');
  }
  const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback && allowLoopbackHttp)) throw invalid(field, 'must be https');
  if (url.username || url.password || url.hash) throw invalid(field, 'must carry no credentials or fragment');
  return value.replace(/\/+$/, '');
}

/** Normalises a PEM (or bare base64 DER) certificate, refusing anything X.509 cannot parse. */
export function checkCertificate(value: string, index: number): string {
  const body = value.replace(/-----(BEGIN|END) CERTIFICATE-----/g, '').replace(/\s+/g, '');
  try {
    const cert = new X509Certificate(Buffer.from(body, 'base64'));
    return cert.toString().trim();
  } catch {
    throw invalid(`saml.certificates[${index}]`, 'not an X.509 certificate');
  }
}

/** Admin CRUD of a tenant's external identity providers (ADMIN or PLATFORM_ADMIN). */
export class ProviderService {
  constructor(
    private readonly providers: ProviderRepository,
    private readonly roles: RoleRepository,
    private readonly box: SecretBox,
    private readonly sp: SpEndpoints,
    /** Plain http to loopback providers (not in production). */
    private readonly allowLoopbackHttp: boolean,
  ) {}

  async list(tenantId: string): Promise<IdentityProvider[]> {
    return (await this.providers.list(tenantId)).map((r) => this.present(r));
  }

  async create(tenantId: string, input: IdentityProviderInput): Promise<IdentityProvider> {
    const data = await this.validate(tenantId, input);
    if (input.kind === IdentityProviderKind.OIDC && !input.oidc?.clientSecret) throw invalid('oidc.clientSecret', 'required');
    const id = randomUUID();
    const sealed = input.oidc?.clientSecret ? this.box.seal(input.oidc.clientSecret, id) : null;
    return this.present(await this.unique(() => this.providers.create(tenantId, id, data, sealed)));
  }

  async update(tenantId: string, id: string, input: IdentityProviderInput): Promise<IdentityProvider> {
    const current = isUuid(id) ? await this.providers.find(tenantId, id) : null;
    if (!current) throw new DomainError(IdentityError.IDP_NOT_FOUND);
    if (current.kind !== input.kind) throw invalid('kind', 'the kind of a provider cannot change');
    const data = await this.validate(tenantId, input, id);
    const sealed = input.oidc?.clientSecret ? this.box.seal(input.oidc.clientSecret, id) : undefined;
    const row = await this.unique(() => this.providers.update(tenantId, id, data, sealed));
    if (!row) throw new DomainError(IdentityError.IDP_NOT_FOUND);
    return this.present(row);
  }

  async delete(tenantId: string, id: string): Promise<boolean> {
    if (!isUuid(id) || !(await this.providers.delete(tenantId, id))) throw new DomainError(IdentityError.IDP_NOT_FOUND);
    return true;
  }

  /** The provider a public sign-in names in its URL: 404 unless it exists (of `kind`), 403 when disabled. */
  async signInProvider(id: string, kind?: 'OIDC' | 'SAML'): Promise<ProviderRow> {
    const provider = isUuid(id) ? await this.providers.findById(id) : null;
    if (!provider || (kind && provider.kind !== kind)) throw new DomainError(IdentityError.IDP_NOT_FOUND);
    if (!provider.enabled) throw new DomainError(IdentityError.IDP_DISABLED);
    return provider;
  }

  /** The stored client secret of an OIDC provider, opened (sealed under the provider id). */
  clientSecret(row: ProviderRow): string {
    if (!row.clientSecretSealed) throw new DomainError(IdentityError.IDP_INVALID_CONFIG, undefined, { field: 'oidc.clientSecret', reason: 'not set' });
    return this.box.open(row.clientSecretSealed, row.id);
  }

  private async validate(tenantId: string, input: IdentityProviderInput, exceptId?: string): Promise<ProviderData> {
    const name = input.name.trim();
    if (!name) throw invalid('name', 'must not be blank');
    const defaultRole = (input.defaultRole ?? SystemRole.USER).trim();
    const role = await this.roles.findVisibleByName(tenantId, defaultRole);
    if (!role) throw invalid('defaultRole', 'no such role in the tenant');
    if (role.name === SystemRole.PLATFORM_ADMIN) throw invalid('defaultRole', 'PLATFORM_ADMIN cannot be granted just in time');
    if (await this.providers.nameTaken(tenantId, name, exceptId)) throw new DomainError(IdentityError.IDP_NAME_EXISTS);
    const common = { name, kind: input.kind, enabled: input.enabled ?? true, jitProvisioning: input.jitProvisioning ?? false, defaultRole: role.name };
    const none = { issuer: null, clientId: null, scopes: [], idpEntityId: null, ssoUrl: null, idpCertificates: [], attributeMapping: {} };
    if (input.kind === IdentityProviderKind.OIDC) {
      const o = input.oidc;
      if (!o) throw invalid('oidc', 'required for kind OIDC');
      if (input.saml) throw invalid('saml', 'not allowed for kind OIDC');
      const scopes = [...new Set([...DEFAULT_SCOPES.slice(0, 2), ...(o.scopes ?? DEFAULT_SCOPES)])];
      if (scopes.some((s) => !/^[\x21\x23-\x5B\x5D-\x7E]+$/.test(s))) throw invalid('oidc.scopes', 'a scope is not a valid RFC 6749 scope token');
      return { ...common, ...none, issuer: checkProviderUrl(o.issuer, 'oidc.issuer', this.allowLoopbackHttp), clientId: o.clientId, scopes };
    }
    const s = input.saml;
    if (!s) throw invalid('saml', 'required for kind SAML');
    if (input.oidc) throw invalid('oidc', 'not allowed for kind SAML');
    if (!s.certificates.length) throw invalid('saml.certificates', 'at least one certificate is required');
    if (await this.providers.entityIdTaken(tenantId, s.idpEntityId, exceptId)) throw invalid('saml.idpEntityId', 'already configured in this tenant');
    return {
      ...common,
      ...none,
      idpEntityId: s.idpEntityId,
      ssoUrl: checkProviderUrl(s.ssoUrl, 'saml.ssoUrl', this.allowLoopbackHttp),
      idpCertificates: s.certificates.map(checkCertificate),
      attributeMapping: { ...DEFAULT_MAPPING, ...Object.fromEntries(Object.entries(s.attributeMapping ?? {}).filter(([, v]) => v)) },
    };
  }

  /** A concurrent create of the same name or entity id loses on the unique index. */
  private async unique<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (e) {
      if ((e as { code?: string }).code === 'P2002' || /unique/i.test(String((e as Error).message))) throw new DomainError(IdentityError.IDP_NAME_EXISTS);
      throw e;
    }
  }

  present(r: ProviderRow): IdentityProvider {
    const mapping = { ...DEFAULT_MAPPING, ...(r.attributeMapping as Record<string, string>) };
    return {
      id: r.id,
      tenantId: r.tenantId,
      name: r.name,
      kind: r.kind as IdentityProviderKind,
      enabled: r.enabled,
      jitProvisioning: r.jitProvisioning,
      defaultRole: r.defaultRole,
      oidc: r.kind === 'OIDC' ? { issuer: r.issuer!, clientId: r.clientId!, scopes: r.scopes, clientSecretSet: !!r.clientSecretSealed, redirectUri: this.sp.redirectUri(r.id) } : null,
      saml: r.kind === 'SAML' ? { idpEntityId: r.idpEntityId!, ssoUrl: r.ssoUrl!, certificates: r.idpCertificates, attributeMapping: mapping, spEntityId: this.sp.entityId, acsUrl: this.sp.acsUrl } : null,
      createdAt: r.createdAt,
      updatedAt: r.updatedAt,
    };
  }
}
