/** Our own URLs as a provider sees them, from PUBLIC_URL (docs/identity-external-idp.md). */
export class SpEndpoints {
  readonly entityId: string;
  readonly acsUrl: string;
  readonly metadataUrl: string;
  private readonly base: string;

  constructor(publicUrl: string) {
    this.base = publicUrl.replace(/\/+$/, '');
    this.metadataUrl = `${this.base}/api/v1/auth/saml/metadata`;
    this.entityId = this.metadataUrl;
    this.acsUrl = `${this.base}/api/v1/auth/saml/acs`;
  }

  /** The OIDC redirect URI of one provider (the callback route, form_post). */
  redirectUri(providerId: string): string {
    return `${this.base}/api/v1/auth/oauth2/callback/${providerId}`;
  }
}
