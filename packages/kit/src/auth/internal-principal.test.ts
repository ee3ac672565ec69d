import { decodeJwt, SignJWT } from 'jose';
import { DomainError } from '../errors';
import { PrincipalCodec } from './internal-principal';
import type { Principal } from './principal';
import { importHmacKey, TokenService } from './tokens';

const SECRET = 'principal-test-secret-principal-test-0123456789';
const lifetimes = { accessSeconds: 900, refreshSeconds: 604800, serviceSeconds: 300 };

const alice: Principal = {
  kind: 'access_token',
  subject: 'user-alice',
  tenantId: 't-1',
  homeTenantId: 't-1',
  roles: ['ADMIN'],
  scopes: [],
  tokenId: 'jti-alice',
  sessionId: 12,
};
const bob: Principal = { ...alice, subject: 'user-bob', roles: ['USER'], tokenId: 'jti-bob' };

async function rejection(promise: Promise<unknown>): Promise<DomainError> {
  try {
    await promise;
  } catch (e) {
    expect(e).toBeInstanceOf(DomainError);
    return e as DomainError;
  }
  throw new Error('expected the codec to reject the token');
}

describe('PrincipalCodec', () => {
  let codec: PrincipalCodec;
  beforeAll(async () => {
    codec = await PrincipalCodec.create(SECRET);
  });
  afterEach(() => jest.restoreAllMocks());

  it('round-trips a principal, also through a second codec with the same secret', async () => {
    const token = await codec.sign(alice, 'round-trip');
    expect(await codec.verify(token)).toEqual(alice);
    const replica = await PrincipalCodec.create(SECRET);
    expect(await replica.verify(token)).toEqual(alice);
  });

  it('signs a short-lived HS256 token for the subgraph audience', async () => {
    const token = await codec.sign(alice, 'claims');
    const claims = decodeJwt(token);
    expect(claims.aud).toBe('dataplat-subgraph');
    expect(claims.exp! - claims.iat!).toBe(300);
  });

  it('rejects a token signed by a codec with another secret', async () => {
    const other = await PrincipalCodec.create('another-secret-another-secret-0123456789');
    const e = await rejection(codec.verify(await other.sign(alice, 'other')));
    expect([e.status, e.code, e.message]).toEqual([401, 'DPF-AUTH-001', 'Invalid internal principal']);
  });

  it('rejects an access token signed with the raw JWT secret', async () => {
    const tokens = await TokenService.create(SECRET, 'dataplat', lifetimes);
    const access = (await tokens.issue('access', 'user-alice', { tenant_id: 't-1', roles: ['PLATFORM_ADMIN'] })).token;
    expect((await rejection(codec.verify(access))).status).toBe(401);
  });

  it('rejects a well-formed principal token forged with the raw JWT secret (keys are separate)', async () => {
    const now = Math.floor(Date.now() / 1000);
    const forged = await new SignJWT({ p: { ...alice, roles: ['PLATFORM_ADMIN'] } })
      .setProtectedHeader({ alg: 'HS256' })
      .setAudience('dataplat-subgraph')
      .setIssuedAt(now)
      .setExpirationTime(now + 300)
      .sign(await importHmacKey(SECRET));
    expect((await rejection(codec.verify(forged))).message).toBe('Invalid internal principal');
  });

  it('produces tokens the TokenService does not accept as access tokens', async () => {
    const tokens = await TokenService.create(SECRET, 'dataplat', lifetimes);
    const internal = await codec.sign(alice, 'reverse');
    await expect(tokens.verify(internal, 'access')).rejects.toMatchObject({ message: 'Invalid token signature' });
  });

  it('rejects a tampered token', async () => {
    const [h, , s] = (await codec.sign(alice, 'tamper')).split('.');
    const now = Math.floor(Date.now() / 1000);
    const body = Buffer.from(JSON.stringify({ p: { ...alice, roles: ['PLATFORM_ADMIN'] }, aud: 'dataplat-subgraph', iat: now, exp: now + 300 })).toString('base64url');
    await rejection(codec.verify(`${h}.${body}.${s}`));
  });

  it('rejects an expired token', async () => {
    const realNow = Date.now();
    const issuer = await PrincipalCodec.create(SECRET);
    jest.spyOn(Date, 'now').mockReturnValue(realNow - 400_000);
    const old = await issuer.sign(alice, 'expired');
    jest.restoreAllMocks();
    const fresh = await PrincipalCodec.create(SECRET);
    await rejection(fresh.verify(old));
  });

  it('reuses the signed token for the same cache key', async () => {
    const first = await codec.sign(alice, 'jti-shared');
    const again = await codec.sign(bob, 'jti-shared');
    expect(again).toBe(first);
    expect(await codec.verify(again)).toEqual(alice);
    expect(await codec.verify(await codec.sign(bob, 'jti-bob-own'))).toEqual(bob);
  });

  it('signs anew once the cached token nears its expiry', async () => {
    const realNow = Date.now();
    const signer = await PrincipalCodec.create(SECRET);
    jest.spyOn(Date, 'now').mockReturnValue(realNow - 250_000);
    const stale = await signer.sign(alice, 'jti-ageing');
    jest.restoreAllMocks();
    const renewed = await signer.sign(bob, 'jti-ageing');
    expect(renewed).not.toBe(stale);
    expect(await signer.verify(renewed)).toEqual(bob);
  });
});
