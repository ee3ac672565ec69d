import { ErrorCode } from '@dataplat/kit';
import { IdentityError } from '@dataplat/identity/errors';
import type { PresentedFailure } from '../route-spec';
import { authorizationJson, authorizationRedirect, oauthEndpoint, oauthFailure, oauthRevocation } from './oauth';

const failure = (over: Partial<PresentedFailure>): PresentedFailure => ({ status: 400, code: ErrorCode.VALIDATION_FAILED, message: 'm', details: null, requestId: 'r', path: '/api/v1/oauth2/token', ...over });

describe('OAuth presenter', () => {
  it('restates failures as RFC 6749 5.2 errors', () => {
    expect(oauthFailure(failure({ status: 400, code: IdentityError.OAUTH_INVALID_GRANT, details: { error: 'invalid_grant' } }))).toEqual({
      status: 400,
      headers: { 'cache-control': 'no-store', pragma: 'no-cache' },
      body: { error: 'invalid_grant', error_description: 'm' },
    });
    // A repeated parameter, a JSON body (415) or an unknown field: invalid_request with 400.
    expect(oauthFailure(failure({ status: 400 })).body).toEqual({ error: 'invalid_request', error_description: 'm' });
    expect(oauthFailure(failure({ status: 415, code: ErrorCode.UNSUPPORTED_MEDIA_TYPE }))).toMatchObject({ status: 400, body: { error: 'invalid_request' } });
    expect(oauthFailure(failure({ status: 503, code: ErrorCode.UPSTREAM_UNAVAILABLE }))).toMatchObject({ status: 503, body: { error: 'temporarily_unavailable' } });
    expect(oauthFailure(failure({ status: 500, code: ErrorCode.INTERNAL }))).toMatchObject({ status: 500, body: { error: 'server_error' } });
    expect(oauthFailure(failure({ status: 429, code: ErrorCode.RATE_LIMITED }))).toMatchObject({ status: 429 });
  });

  it('invalid_client: 401 with a Basic challenge, unless the client authenticated in the body', () => {
    const basic = oauthFailure(failure({ status: 401, code: IdentityError.OAUTH_INVALID_CLIENT, details: { error: 'invalid_client', challenge: true } }));
    expect(basic.status).toBe(401);
    expect(basic.headers?.['www-authenticate']).toMatch(/^Basic realm="/);
    const post = oauthFailure(failure({ status: 401, code: IdentityError.OAUTH_INVALID_CLIENT, details: { error: 'invalid_client', challenge: false } }));
    expect(post.status).toBe(400);
    expect(post.headers?.['www-authenticate']).toBeUndefined();
  });

  it('sends token responses uncached and without null members', () => {
    expect(oauthEndpoint.success!({ access_token: 'a', token_type: 'Bearer', expires_in: 900, refresh_token: null, scope: 's' }, 200)).toEqual({
      status: 200,
      headers: { 'cache-control': 'no-store', pragma: 'no-cache' },
      body: { access_token: 'a', token_type: 'Bearer', expires_in: 900, scope: 's' },
    });
    expect(oauthEndpoint.success!({ active: false, scope: null }, 200).body).toEqual({ active: false });
    expect(oauthRevocation.success!(true, 200)).toEqual({ status: 200, headers: { 'cache-control': 'no-store', pragma: 'no-cache' } });
  });

  it('authorization: a 302 (GET) or JSON (POST, 400 for an error)', () => {
    expect(authorizationRedirect.success!({ redirectUri: 'https://app.example/cb?code=c' }, 200)).toEqual({ status: 302, headers: { location: 'https://app.example/cb?code=c', 'cache-control': 'no-store' } });
    expect(authorizationRedirect.success!({ redirectUri: null, code: null, state: 's' }, 200)).toMatchObject({ status: 200, body: { state: 's' } });
    expect(authorizationJson.success!({ redirectUri: 'u', code: 'c', state: null, error: null }, 200)).toMatchObject({ status: 200, body: { redirectUri: 'u', code: 'c' } });
    expect(authorizationJson.success!({ redirectUri: 'u', code: null, error: 'invalid_scope' }, 200)).toMatchObject({ status: 400, body: { redirectUri: 'u', error: 'invalid_scope' } });
  });
});
