import { SignJWT } from 'jose';
import { DomainError } from '../errors';
import { importHmacKey, TokenService } from './tokens';

const SECRET = 'unit-test-secret-unit-test-secret-0123456789';
const lifetimes = { accessSeconds: 900, refreshSeconds: 604800, serviceSeconds: 300 };

async function failure(promise: Promise<unknown>): Promise<DomainError> {
  try {
    await promise;
  } catch (e) {
    return e as DomainError;
  }
  throw new Error('expected a failure');
}

describe('TokenService', () => {
  let tokens: TokenService;
  beforeAll(async () => {
    tokens = await TokenService.create(SECRET, 'dataplat-test', lifetimes);
  });

  it('issues an access token with the spec claims and verifies it', async () => {
    const issued = await tokens.issue('access', 'user-1', { tenant_id: 't-1', roles: ['ADMIN'], sid: 7 });
    expect(issued.expiresIn).toBe(900);
    const claims = await tokens.verify(issued.token, 'access');
    expect(claims).toMatchObject({ sub: 'user-1', iss: 'dataplat-test', type: 'access', tenant_id: 't-1', roles: ['ADMIN'], sid: 7, jti: issued.jti });
    expect(claims.jti).toMatch(/^[0-9a-f-]{36}$/);
    expect(claims.exp - claims.iat).toBe(900);
  });

  it.each([
    ['refresh', 604800],
    ['service', 300],
  ] as const)('uses the configured lifetime for %s tokens', async (type, ttl) => {
    const claims = await tokens.verify((await tokens.issue(type, 's', {})).token, type);
    expect(claims.exp - claims.iat).toBe(ttl);
  });

  it('says "Token has expired" for an expired token', async () => {
    const { token } = await tokens.issue('access', 'u', {}, -10);
    const e = await failure(tokens.verify(token, 'access'));
    expect(e.message).toBe('Token has expired');
    expect(e.status).toBe(401);
  });

  it('says "Invalid token signature" for a tampered token or another key', async () => {
    const { token } = await tokens.issue('access', 'u', { roles: ['USER'] });
    const [h, p, s] = token.split('.');
    const payload = JSON.parse(Buffer.from(p, 'base64url').toString());
    payload.roles = ['PLATFORM_ADMIN'];
    const forged = `${h}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.${s}`;
    expect((await failure(tokens.verify(forged, 'access'))).message).toBe('Invalid token signature');
    const other = await TokenService.create('another-secret-another-secret-0123456789', 'dataplat-test', lifetimes);
    const foreign = (await other.issue('access', 'u', {})).token;
    expect((await failure(tokens.verify(foreign, 'access'))).message).toBe('Invalid token signature');
  });

  it('refuses alg "none" as a bad signature', async () => {
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const now = Math.floor(Date.now() / 1000);
    const body = Buffer.from(JSON.stringify({ sub: 'u', jti: 'j', iat: now, exp: now + 60, iss: 'dataplat-test', type: 'access' })).toString('base64url');
    expect((await failure(tokens.verify(`${header}.${body}.`, 'access'))).message).toBe('Invalid token signature');
  });

  it.each(['abc', 'a.b.c', '', 'eyJhbGciOiJIUzI1NiJ9.bm90LWpzb24.sig'])('says "Malformed token" for %p', async (bad) => {
    expect((await failure(tokens.verify(bad, 'access'))).message).toBe('Malformed token');
  });

  it('says "Malformed token" when required claims are missing', async () => {
    const key = await importHmacKey(SECRET);
    const token = await new SignJWT({ type: 'access' }).setProtectedHeader({ alg: 'HS256' }).setIssuer('dataplat-test').setExpirationTime('1h').sign(key);
    expect((await failure(tokens.verify(token, 'access'))).message).toBe('Malformed token');
  });

  it('checks the token type both ways', async () => {
    const refresh = (await tokens.issue('refresh', 'u', {})).token;
    const access = (await tokens.issue('access', 'u', {})).token;
    expect((await failure(tokens.verify(refresh, 'access'))).message).toBe('Token is not an access token');
    expect((await failure(tokens.verify(access, 'refresh'))).message).toBe('Token is not a refresh token');
  });

  it('checks the issuer', async () => {
    const other = await TokenService.create(SECRET, 'someone-else', lifetimes);
    const e = await failure(tokens.verify((await other.issue('access', 'u', {})).token, 'access'));
    expect(e.message).toBe('Invalid token issuer');
    expect(e.status).toBe(401);
  });
});
