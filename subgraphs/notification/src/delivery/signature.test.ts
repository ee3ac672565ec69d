import { createHmac } from 'node:crypto';
import { signWebhook, verifyWebhookSignature } from './signature';

describe('webhook signatures', () => {
  const secret = 'whsec_test-secret';
  const body = '{"id":"1","type":"notification.created"}';

  it('signs t.body with HMAC-SHA256 in the t=,v1= header', () => {
    const header = signWebhook(secret, body, 1_700_000_000);
    const hex = createHmac('sha256', secret).update(`1700000000.${body}`).digest('hex');
    expect(header).toBe(`t=1700000000,v1=${hex}`);
  });

  it('verifies within the tolerance and refuses stale, altered or foreign signatures', () => {
    const header = signWebhook(secret, body, 1_700_000_000);
    expect(verifyWebhookSignature(secret, body, header, 300, 1_700_000_100)).toBe(true);
    expect(verifyWebhookSignature(secret, body, header, 300, 1_700_000_400)).toBe(false);
    expect(verifyWebhookSignature(secret, body + ' ', header, 300, 1_700_000_000)).toBe(false);
    expect(verifyWebhookSignature('whsec_other', body, header, 300, 1_700_000_000)).toBe(false);
    expect(verifyWebhookSignature(secret, body, 'v1=abc', 300, 1_700_000_000)).toBe(false);
    expect(verifyWebhookSignature(secret, body, `${header},v1=${'0'.repeat(64)}`, 300, 1_700_000_000)).toBe(true);
  });
});
