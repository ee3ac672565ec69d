import { createHash } from 'node:crypto';
import { ErrorCode, SCIM_SCOPE, TokenService } from '@dataplat/kit';
import { IdentityError } from '@dataplat/identity/errors';
import { Authenticator } from './authenticate';
import type { ScimTokenRecord } from '@dataplat/kit';
import { ScimTokenAuthenticator } from './scim-tokens';

const TOKEN = `dps_scim_${'s'.repeat(43)}`;
const T = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const hash = createHash('sha256').update(TOKEN).digest('hex');

let record: ScimTokenRecord;
let lookups: number;
let now: number;
let scimTokens: ScimTokenAuthenticator;
let auth: Authenticator;

beforeEach(async () => {
  record = { tenantId: T, id: 4, expiresAt: null, revokedAt: null };
  lookups = 0;
  now = Date.now();
  scimTokens = new ScimTokenAuthenticator(
    {
      findByHash: async (h) => {
        lookups++;
        return h === hash ? { ...record } : null;
      },
    },
    { now: () => now },
  );
  const tokens = await TokenService.create('s'.repeat(40), 'test', { accessSeconds: 900, refreshSeconds: 3600, serviceSeconds: 300 });
  auth = new Authenticator(tokens, { scimTokens });
});

describe('SCIM tokens at the edge', () => {
  it('become a scim_token principal of their tenant, whatever X-Tenant-ID says', async () => {
    const out = await auth.authenticate({ authorization: `Bearer ${TOKEN}`, 'x-tenant-id': 'cccccccc-cccc-4ccc-8ccc-cccccccccccc' });
    expect(out.error).toBeUndefined();
    expect(out.principal).toEqual({ kind: 'scim_token', subject: 'scim:4', tenantId: T, homeTenantId: T, roles: [], scopes: [SCIM_SCOPE], tokenId: `scim:${T}:4` });
  });

  it('refuses malformed and unknown tokens without trying them as JWTs', async () => {
    expect((await auth.authenticate({ authorization: 'Bearer dps_scim_short' })).error?.code).toBe(IdentityError.SCIM_TOKEN_INVALID);
    expect((await auth.authenticate({ authorization: `Bearer dps_scim_${'u'.repeat(43)}` })).error?.code).toBe(IdentityError.SCIM_TOKEN_INVALID);
    const bare = new Authenticator(await TokenService.create('s'.repeat(40), 'test', { accessSeconds: 900, refreshSeconds: 3600, serviceSeconds: 300 }));
    expect((await bare.authenticate({ authorization: `Bearer ${TOKEN}` })).error?.code).toBe(IdentityError.SCIM_TOKEN_INVALID);
  });

  it('caches a lookup, and drops it when identity announces a change', async () => {
    await scimTokens.verify(TOKEN);
    await scimTokens.verify(TOKEN);
    expect(lookups).toBe(1);
    record.revokedAt = new Date();
    scimTokens.onNotification(hash);
    await expect(scimTokens.verify(TOKEN)).rejects.toMatchObject({ code: IdentityError.SCIM_TOKEN_REVOKED });
    expect(lookups).toBe(2);
  });

  it('refuses an expired token', async () => {
    record.expiresAt = new Date(now - 1);
    await expect(scimTokens.verify(TOKEN)).rejects.toMatchObject({ code: IdentityError.SCIM_TOKEN_EXPIRED });
  });

  it('fails closed with 503 when the store cannot be read', async () => {
    const broken = new Authenticator(await TokenService.create('s'.repeat(40), 'test', { accessSeconds: 900, refreshSeconds: 3600, serviceSeconds: 300 }), {
      scimTokens: new ScimTokenAuthenticator({ findByHash: async () => { throw new Error('db down'); } }),
    });
    expect((await broken.authenticate({ authorization: `Bearer ${TOKEN}` })).error?.code).toBe(ErrorCode.UPSTREAM_UNAVAILABLE);
  });
});
