import { DomainError } from '@dataplat/kit';
import { ChannelKind, isLoopbackHost, validateChannelConfig } from './channel-config';

const reason = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(DomainError);
    return (e as DomainError).details;
  }
  throw new Error('expected a DomainError');
};

describe('channel configuration', () => {
  it('accepts https webhooks and chat URLs, and http to loopback outside production only', () => {
    expect(validateChannelConfig({ kind: ChannelKind.WEBHOOK, url: 'https://hooks.example.com/x' }, true)).toEqual({ url: 'https://hooks.example.com/x', recipients: [] });
    expect(validateChannelConfig({ kind: ChannelKind.CHAT, url: 'http://127.0.0.1:9999/hook' }, false).url).toBe('http://127.0.0.1:9999/hook');
    expect(reason(() => validateChannelConfig({ kind: ChannelKind.CHAT, url: 'http://127.0.0.1:9999/hook' }, true))).toMatchObject({ field: 'url' });
    expect(reason(() => validateChannelConfig({ kind: ChannelKind.WEBHOOK, url: 'http://example.com/x' }, false))).toMatchObject({ field: 'url' });
    expect(reason(() => validateChannelConfig({ kind: ChannelKind.WEBHOOK, url: 'ftp://example.com/x' }, false))).toMatchObject({ field: 'url' });
    expect(reason(() => validateChannelConfig({ kind: ChannelKind.WEBHOOK, url: 'https://u:p@example.com/x' }, false))).toMatchObject({ field: 'url' });
    expect(reason(() => validateChannelConfig({ kind: ChannelKind.WEBHOOK, url: 'not a url' }, false))).toMatchObject({ field: 'url' });
    expect(reason(() => validateChannelConfig({ kind: ChannelKind.WEBHOOK }, false))).toMatchObject({ field: 'url' });
    expect(reason(() => validateChannelConfig({ kind: ChannelKind.WEBHOOK, url: 'https://a.example', recipients: ['a@b.co'] }, false))).toMatchObject({ field: 'recipients' });
  });

  it('normalises e-mail recipients and refuses bad ones', () => {
    expect(validateChannelConfig({ kind: ChannelKind.EMAIL, recipients: ['Ops@Example.com', 'ops@example.com ', 'b@example.org'] }, true)).toEqual({ url: null, recipients: ['ops@example.com', 'b@example.org'] });
    expect(reason(() => validateChannelConfig({ kind: ChannelKind.EMAIL, recipients: [] }, true))).toMatchObject({ field: 'recipients' });
    expect(reason(() => validateChannelConfig({ kind: ChannelKind.EMAIL, recipients: ['nope'] }, true))).toMatchObject({ field: 'recipients' });
    expect(reason(() => validateChannelConfig({ kind: ChannelKind.EMAIL, recipients: ['a@b.co'], url: 'https://x.example' }, true))).toMatchObject({ field: 'url' });
  });

  it('knows loopback hosts', () => {
    expect(['localhost', '127.0.0.1', '127.1.2.3', '[::1]', 'api.localhost'].every(isLoopbackHost)).toBe(true);
    expect(['example.com', '10.0.0.1', '128.0.0.1', '[::2]'].some(isLoopbackHost)).toBe(false);
  });
});
