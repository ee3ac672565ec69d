import { withoutSecrets } from './facade';

describe('withoutSecrets', () => {
  it('nulls the named fields, nested ones included, without touching the original', () => {
    const body = { keyId: 1, apiKey: 'dpk_live_secret', newKey: { apiKey: 'dpk_live_other', prefix: 'dpk_live_abc' } };
    expect(withoutSecrets(body, ['apiKey', 'newKey.apiKey'])).toEqual({ keyId: 1, apiKey: null, newKey: { apiKey: null, prefix: 'dpk_live_abc' } });
    expect(body.apiKey).toBe('dpk_live_secret');
  });

  it('leaves bodies without those fields, errors and scalars alone', () => {
    const envelope = { error: { code: 'DPF-API-001' } };
    expect(withoutSecrets(envelope, ['apiKey', 'newKey.apiKey'])).toEqual(envelope);
    expect(withoutSecrets(null, ['apiKey'])).toBeNull();
    expect(withoutSecrets({ a: 1 }, undefined)).toEqual({ a: 1 });
  });
});
