import { createHash, randomBytes, type webcrypto } from 'node:crypto';

type CryptoKey = webcrypto.CryptoKey;
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWK, type JWTPayload } from 'jose';

/** The person the next authorization request signs in as, and how to bend the ID token. */
export interface TestIdpUser {
  sub: string;
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
  /** Claims to override in the ID token (e.g. `aud`, `nonce`, `iss`). */
  override?: JWTPayload;
  /** Sign with a key that is not in the JWKS. */
  foreignKey?: boolean;
}

interface Grant {
  user: TestIdpUser;
  clientId: string;
  redirectUri: string;
  nonce: string;
  challenge: string;
}

/**
 * A small OpenID Connect provider on loopback for the e2e tests (test material): discovery,
 * JWKS, authorize and token endpoints, authorization code with PKCE S256 and client_secret_basic.
 * `GET /authorize` signs in `nextUser` at once and answers JSON `{code, state}` (standing in
 * for the provider's login page and its form_post back to the client).
 */
export class TestOidcProvider {
  issuer = '';
  nextUser: TestIdpUser = { sub: 'nobody' };
  readonly clients = new Map<string, string>();
  readonly authorizeRequests: URLSearchParams[] = [];
  private readonly grants = new Map<string, Grant>();
  private server!: Server;
  private key!: CryptoKey;
  private foreign!: CryptoKey;
  private jwk!: JWK;

  static async start(): Promise<TestOidcProvider> {
    const p = new TestOidcProvider();
    const pair = await generateKeyPair('RS256', { extractable: true });
    p.key = pair.privateKey as CryptoKey;
    p.jwk = { ...(await exportJWK(pair.publicKey)), kid: 'test-key-1', alg: 'RS256', use: 'sig' };
    p.foreign = (await generateKeyPair('RS256')).privateKey as CryptoKey;
    p.server = createServer((req, res) => {
      p.handle(req)
        .then(({ status, body }) => {
          res.writeHead(status, { 'content-type': 'application/json' });
          res.end(JSON.stringify(body));
        })
        .catch((e) => {
          res.writeHead(500);
          res.end(String(e));
        });
    });
    await new Promise<void>((r) => p.server.listen(0, '127.0.0.1', r));
    p.issuer = `http://127.0.0.1:${(p.server.address() as AddressInfo).port}`;
    return p;
  }

  stop(): Promise<void> {
    return new Promise((r) => this.server.close(() => r()));
  }

  private async handle(req: IncomingMessage): Promise<{ status: number; body: unknown }> {
    const url = new URL(req.url ?? '/', this.issuer);
    if (url.pathname === '/.well-known/openid-configuration') {
      return {
        status: 200,
        body: {
          issuer: this.issuer,
          authorization_endpoint: `${this.issuer}/authorize`,
          token_endpoint: `${this.issuer}/token`,
          jwks_uri: `${this.issuer}/jwks`,
          response_types_supported: ['code'],
          response_modes_supported: ['query', 'form_post'],
          code_challenge_methods_supported: ['S256'],
          token_endpoint_auth_methods_supported: ['client_secret_basic'],
          id_token_signing_alg_values_supported: ['RS256'],
          subject_types_supported: ['public'],
        },
      };
    }
    if (url.pathname === '/jwks') return { status: 200, body: { keys: [this.jwk] } };
    if (url.pathname === '/authorize') {
      const q = url.searchParams;
      this.authorizeRequests.push(q);
      if (q.get('response_type') !== 'code' || q.get('code_challenge_method') !== 'S256' || !q.get('code_challenge')) return { status: 400, body: { error: 'invalid_request' } };
      if (!this.clients.has(q.get('client_id') ?? '')) return { status: 400, body: { error: 'unauthorized_client' } };
      const code = randomBytes(16).toString('hex');
      this.grants.set(code, { user: this.nextUser, clientId: q.get('client_id')!, redirectUri: q.get('redirect_uri')!, nonce: q.get('nonce')!, challenge: q.get('code_challenge')! });
      return { status: 200, body: { code, state: q.get('state') } };
    }
    if (url.pathname === '/token' && req.method === 'POST') {
      const form = new URLSearchParams(await readBody(req));
      const [id, secret] = Buffer.from((req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64').toString().split(':').map(decodeURIComponent);
      if (!id || this.clients.get(id) !== secret) return { status: 401, body: { error: 'invalid_client' } };
      const grant = this.grants.get(form.get('code') ?? '');
      this.grants.delete(form.get('code') ?? '');
      if (!grant || grant.clientId !== id || grant.redirectUri !== form.get('redirect_uri')) return { status: 400, body: { error: 'invalid_grant' } };
      const verifier = form.get('code_verifier') ?? '';
      if (createHash('sha256').update(verifier).digest('base64url') !== grant.challenge) return { status: 400, body: { error: 'invalid_grant', error_description: 'PKCE' } };
      const u = grant.user;
      const claims = { email: u.email, email_verified: u.email_verified, given_name: u.given_name, family_name: u.family_name, nonce: grant.nonce, ...u.override };
      const idToken = await new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', kid: 'test-key-1' })
        .setIssuer((u.override?.iss as string) ?? this.issuer)
        .setSubject(u.sub)
        .setAudience((u.override?.aud as string) ?? id)
        .setIssuedAt()
        .setExpirationTime((u.override?.exp as number) ?? '5m')
        .sign(u.foreignKey ? this.foreign : this.key);
      return { status: 200, body: { access_token: randomBytes(16).toString('hex'), token_type: 'Bearer', expires_in: 300, id_token: idToken } };
    }
    return { status: 404, body: { error: 'not_found' } };
  }
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = '';
    req.on('data', (c) => (data += c));
    req.on('end', () => resolve(data));
    req.on('error', reject);
  });
}
