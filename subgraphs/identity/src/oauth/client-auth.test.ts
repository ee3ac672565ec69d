import { DomainError } from '@dataplat/kit';
import { IdentityError } from '../errors';
import { presentedClient } from './client-auth';

const basic = (raw: string) => `Basic ${Buffer.from(raw).toString('base64')}`;

function failure(fn: () => unknown): DomainError {
  try {
    fn();
  } catch (e) {
    return e as DomainError;
  }
  throw new Error('expected a failure');
}

describe('client authentication (RFC 6749 2.3.1)', () => {
  it('reads Basic credentials, form-urldecoded', () => {
    expect(presentedClient({ authorization: basic('my%20id:s%2Bcr%3At+x') })).toEqual({ method: 'client_secret_basic', clientId: 'my id', secret: 's+cr:t x' });
  });

  it('reads client_secret_post and none', () => {
    expect(presentedClient({ client_id: 'a', client_secret: 'b' })).toEqual({ method: 'client_secret_post', clientId: 'a', secret: 'b' });
    expect(presentedClient({ client_id: 'a' })).toEqual({ method: 'none', clientId: 'a' });
  });

  it('refuses two methods at once (invalid_request) and malformed or missing credentials (invalid_client, with a challenge)', () => {
    expect(failure(() => presentedClient({ authorization: basic('a:b'), client_secret: 'b' })).code).toBe(IdentityError.OAUTH_INVALID_REQUEST);
    expect(failure(() => presentedClient({ authorization: basic('a:b'), client_id: 'other' })).code).toBe(IdentityError.OAUTH_INVALID_REQUEST);
    expect(presentedClient({ authorization: basic('a:b'), client_id: 'a' }).clientId).toBe('a');
    for (const authorization of ['Bearer abc', basic('no-colon'), basic(':secret'), 'Basic %%%']) {
      const e = failure(() => presentedClient({ authorization }));
      expect(e.code).toBe(IdentityError.OAUTH_INVALID_CLIENT);
      expect(e.details).toEqual({ error: 'invalid_client', challenge: true });
    }
    expect(failure(() => presentedClient({})).details).toEqual({ error: 'invalid_client', challenge: true });
  });
});
